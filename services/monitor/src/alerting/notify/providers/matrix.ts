import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { callProvider, joinUrl } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    homeserver_url: HttpUrl,
    access_token: Secret,
    room_id: Type.String({
      minLength: 2,
      maxLength: 255,
      pattern: '^!',
      description: 'A room id, !abc:server',
    }),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * Matrix client-server API: `PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}`
 * with the outbox key as transaction id, so a retried send is deduplicated by the homeserver.
 */
export const matrixProvider: Provider = {
  type: 'matrix',
  schema: Schema,
  secretFields: ['access_token'],
  destinationFields: ['homeserver_url', 'room_id'],
  validate: (c) => urlProblems(c, ['homeserver_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const path = `_matrix/client/v3/rooms/${encodeURIComponent(c.room_id)}/send/m.room.message/${encodeURIComponent(ctx.idempotencyKey)}`;
    return callProvider(
      'PUT',
      joinUrl(c.homeserver_url, path),
      JSON.stringify({ msgtype: 'm.text', body: `${m.title}\n${m.text}` }),
      { 'content-type': 'application/json', authorization: `Bearer ${c.access_token}` },
      ctx.timeoutMs,
    );
  },
};
