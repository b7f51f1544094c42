import { Type } from 'typebox';
import { IsoDateTime } from '../../http/schemas.js';

// Spelled out (not mapped from CHANNEL_TYPES) so the static type stays a union of literals.
export const ChannelTypeSchema = Type.Union([
  Type.Literal('webhook'),
  Type.Literal('email'),
  Type.Literal('slack'),
  Type.Literal('discord'),
  Type.Literal('telegram'),
  Type.Literal('teams'),
  Type.Literal('ntfy'),
  Type.Literal('pagerduty'),
]);

const ConfigObject = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'Per type; see docs/notifications.md. Secret fields read as "********"; send that back to keep them.',
});

export const Channel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  config: ConfigObject,
  is_enabled: Type.Boolean(),
  default_for_new_monitors: Type.Boolean({
    description: 'A monitor created without channel_ids gets this channel',
  }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const ChannelBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: ChannelTypeSchema,
    config: ConfigObject,
    is_enabled: Type.Optional(Type.Boolean()),
    default_for_new_monitors: Type.Optional(
      Type.Boolean({ description: 'Default false; unchanged on PUT when omitted' }),
    ),
  },
  { additionalProperties: false },
);

export const Delivery = Type.Object({
  id: Type.Integer(),
  notification_id: Type.Integer(),
  event: Type.String(),
  attempt: Type.Integer({ description: '1 for the first try' }),
  status: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
  will_retry: Type.Boolean(),
  http_status: Type.Union([Type.Integer(), Type.Null()], {
    description: "The provider's HTTP status (SMTP reply code for email)",
  }),
  error: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Integer(),
  at: IsoDateTime,
});

export const DeliveriesQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, default: 50, description: 'At most 500 (larger values are capped)' }),
    ),
    before_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
