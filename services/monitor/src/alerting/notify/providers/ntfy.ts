import { PATTERN_MESSAGE } from '@app/kit';
import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const NTFY_BASE_URL = 'https://ntfy.sh';

const Schema = Type.Object(
  {
    server_url: Type.Optional(HttpUrl),
    topic: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      [PATTERN_MESSAGE]: 'may contain only letters, digits, _ and -',
    }),
    token: Type.Optional(Secret),
    priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

const TAGS = {
  critical: 'rotating_light',
  warning: 'warning',
  info: 'information_source',
  ok: 'white_check_mark',
};

/** ntfy JSON publishing (POST to the server root with the topic in the body). */
export const ntfyProvider: Provider = {
  type: 'ntfy',
  schema: Schema,
  secretFields: ['token'],
  destinationFields: ['server_url', 'topic'],
  validate: (c) => urlProblems(c, ['server_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const body: Record<string, unknown> = {
      topic: c.topic,
      title: m.title,
      message: m.text,
      priority: c.priority ?? (m.severity === 'critical' ? 4 : 3),
      tags: [TAGS[m.severity]],
    };
    if (m.link) body.click = m.link;
    const headers: Record<string, string> = c.token ? { authorization: `Bearer ${c.token}` } : {};
    return postJson((c.server_url ?? NTFY_BASE_URL).replace(/\/+$/, ''), body, ctx.timeoutMs, headers);
  },
};
