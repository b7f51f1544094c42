import { PATTERN_MESSAGE } from '@app/kit';
import { Type } from 'typebox';

// The answers' shapes are shared with the web UI and the probe.
export { Location, LocationWithToken } from '../../shared-types/location-shapes.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const LocationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

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
        [PATTERN_MESSAGE]:
          'must be lower-case letters, digits and dashes (up to 32, not starting with a dash)',
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
