// A maintenance window as the maintenance API answers it.
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

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
  config_key: ConfigKey,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export type Maintenance = Static<typeof Maintenance>;
