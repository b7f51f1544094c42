import { Type } from 'typebox';
import { IsoDateTime } from '../../platform/http/schemas.js';
import { orNull } from '../../platform/settings/nullable.js';

// The answer's shape is shared with the web UI.
export { Maintenance } from '../../shared-types/maintenance-shape.js';

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
