import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object({ webhook_url: HttpUrl }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** Google Chat space webhook (its URL carries key and token): `POST {text}`. */
export const googleChatProvider: Provider = {
  type: 'googlechat',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(c.webhook_url, { text: `*${m.title}*\n${m.text}` }, ctx.timeoutMs, {
      'content-type': 'application/json; charset=UTF-8',
    });
  },
};
