import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';
import { orNull } from '../../settings/nullable.js';

const Recurrence = Type.Object(
  {
    cron: Type.String({
      minLength: 9,
      maxLength: 200,
      description: 'Occurrence start times, e.g. "30 2 * * *"',
    }),
    duration_minutes: Type.Integer({ minimum: 1, maximum: 10080 }),
  },
  { additionalProperties: false },
);

export const MaintenanceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    starts_at: IsoDateTime,
    ends_at: Type.Optional(orNull(IsoDateTime)),
    monitor_ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10000, description: 'Empty: every monitor' }),
    ),
    recurrence: Type.Optional(orNull(Recurrence)),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: 'UTC' })),
    is_active: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

export const Maintenance = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  starts_at: IsoDateTime,
  ends_at: Type.Union([IsoDateTime, Type.Null()]),
  monitor_ids: Type.Array(Type.Integer()),
  recurrence: Type.Union([
    Type.Object({ cron: Type.String(), duration_minutes: Type.Integer() }),
    Type.Null(),
  ]),
  timezone: Type.String(),
  is_active: Type.Boolean(),
  in_effect: Type.Boolean({ description: 'Whether an occurrence covers the current time' }),
  current_until: Type.Union([IsoDateTime, Type.Null()], { description: 'End of the occurrence in effect' }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});
