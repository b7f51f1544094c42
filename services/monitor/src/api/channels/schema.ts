import { Type } from 'typebox';
import { CHANNEL_TYPES } from '../../alerting/notify/providers/index.js';
import { ConfigObject } from '../../shared-types/channel-shape.js';

// The answers' shapes are shared with the web UI.
export { Channel, Delivery } from '../../shared-types/channel-shape.js';

// One literal per registered provider, in the registry's order: a new provider needs no edit here.
export const ChannelTypeSchema = Type.Union(CHANNEL_TYPES.map((t) => Type.Literal(t)));

export const ChannelBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: ChannelTypeSchema,
    config: ConfigObject,
    is_enabled: Type.Optional(Type.Boolean()),
    default_for_new_monitors: Type.Optional(
      Type.Boolean({ description: 'Default false; unchanged on PUT when omitted' }),
    ),
    flood_limit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 10000 }), Type.Null()], {
        description: 'Flood guard: at most this many messages a minute, the rest summarised; null: no limit',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, default: 50, description: 'At most 500 (larger values are capped)' }),
    ),
    before_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
