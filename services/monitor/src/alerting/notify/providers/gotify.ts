import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    server_url: HttpUrl,
    app_token: Secret,
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** Gotify `POST /message` with the application token in `X-Gotify-Key`: `{title, message, priority}`. */
export const gotifyProvider: Provider = {
  type: 'gotify',
  schema: Schema,
  secretFields: ['app_token'],
  destinationFields: ['server_url'],
  validate: (c) => urlProblems(c, ['server_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(
      joinUrl(c.server_url, 'message'),
      { title: m.title, message: m.text, priority: c.priority ?? (m.severity === 'critical' ? 8 : 4) },
      ctx.timeoutMs,
      { 'x-gotify-key': c.app_token },
    );
  },
};
