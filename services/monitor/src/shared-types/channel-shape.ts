// A notification channel and its delivery attempts as the channels API answers them.
import { type Static, Type } from 'typebox';
import { ConfigKey, IsoDateTime } from './schema-parts.js';

export const ConfigObject = Type.Record(Type.String(), Type.Unknown(), {
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
  flood_limit: Type.Optional(
    Type.Integer({ description: 'At most this many messages a minute; the rest are summarised in one' }),
  ),
  config_key: ConfigKey,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export type Channel = Static<typeof Channel>;

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

export type Delivery = Static<typeof Delivery>;
