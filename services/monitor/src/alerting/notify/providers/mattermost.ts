import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    webhook_url: HttpUrl,
    channel: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** Mattermost incoming webhook: `POST {text, channel?, username?}` (Markdown). */
export const mattermostProvider: Provider = {
  type: 'mattermost',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: ['channel'],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(
      c.webhook_url,
      {
        text: `**${m.title}**\n${m.text}`,
        ...(c.channel && { channel: c.channel }),
        ...(c.username && { username: c.username }),
      },
      ctx.timeoutMs,
    );
  },
};
