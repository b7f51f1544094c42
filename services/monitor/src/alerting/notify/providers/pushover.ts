import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, jsonFieldIs, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const PUSHOVER_BASE_URL = 'https://api.pushover.net';

const Schema = Type.Object(
  {
    user_key: Secret,
    app_token: Secret,
    base_url: Type.Optional(HttpUrl),
    priority: Type.Optional(Type.Integer({ minimum: -2, maximum: 1 })),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * Pushover `POST /1/messages.json` `{token, user, title, message, priority, url?}`; it answers
 * `{status: 1}` (4xx with `status: 0` and `errors` when refused). Priority 1 (high) for down and
 * escalations unless set; emergency priority (2) needs retry settings and is not offered.
 */
export const pushoverProvider: Provider = {
  type: 'pushover',
  schema: Schema,
  secretFields: ['user_key', 'app_token'],
  destinationFields: ['base_url'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(
      joinUrl(c.base_url ?? PUSHOVER_BASE_URL, '1/messages.json'),
      {
        token: c.app_token,
        user: c.user_key,
        title: m.title,
        message: m.text,
        priority: c.priority ?? (m.severity === 'critical' ? 1 : 0),
        ...(m.link && { url: m.link }),
      },
      ctx.timeoutMs,
      {},
      jsonFieldIs('status', 1),
    );
  },
};
