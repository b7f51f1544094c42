import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const LocationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const Location = Type.Object({
  id: Type.String(),
  name: Type.String(),
  region: Nullable(Type.String()),
  is_local: Type.Boolean(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  last_seen_at: Nullable(IsoDateTime),
  version: Nullable(Type.String()),
  skew_ms: Nullable(Type.Integer()),
  heartbeat_seconds: Type.Integer(),
  monitor_count: Type.Integer({ description: 'Monitors that run from this location' }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const LocationWithToken = Type.Intersect([
  Location,
  Type.Object({
    token: Type.String({ description: 'The probe token (mon_probe_…): shown in this response only' }),
  }),
]);

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Region = Nullable(Type.String({ maxLength: 100 }));
const Heartbeat = Type.Integer({
  minimum: 5,
  maximum: 3600,
  description: 'Seconds between probe heartbeats',
});

export const LocationCreateBody = Type.Object(
  {
    name: Name,
    id: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9][a-z0-9-]{0,31}$',
        description: 'A slug; default: the slug of the name',
      }),
    ),
    region: Type.Optional(Region),
    heartbeat_seconds: Type.Optional(Heartbeat),
  },
  { additionalProperties: false },
);

export const LocationUpdateBody = Type.Object(
  { name: Type.Optional(Name), region: Type.Optional(Region), heartbeat_seconds: Type.Optional(Heartbeat) },
  { additionalProperties: false },
);
