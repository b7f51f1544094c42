import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { jsonFieldIs, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object({ webhook_url: HttpUrl }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** Rocket.Chat incoming webhook: `POST {text}`; it answers `{success: true}`, else an error. */
export const rocketChatProvider: Provider = {
  type: 'rocketchat',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(
      c.webhook_url,
      { text: `*${m.title}*\n${m.text}` },
      ctx.timeoutMs,
      {},
      jsonFieldIs('success', true),
    );
  },
};
