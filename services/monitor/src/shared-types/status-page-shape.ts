// A status page as the admin API answers it (the public page's own shape is the public API's).
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

export const UptimeDays = Type.Union(
  [Type.Literal(30), Type.Literal(60), Type.Literal(90), Type.Literal(365)],
  {
    description: 'Days of uptime bars and the uptime percentage window',
  },
);
export const StatusPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  footer: Type.Union([Type.String(), Type.Null()]),
  sections: Type.Array(Type.Object({ name: Type.String(), monitor_ids: Type.Array(Type.Integer()) })),
  uptime_days: UptimeDays,
  is_public: Type.Boolean(),
  url: Type.String({ description: 'Path of the public page (served only while is_public)' }),
  config_key: ConfigKey,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export type UptimeDays = Static<typeof UptimeDays>;
export type StatusPage = Static<typeof StatusPage>;
