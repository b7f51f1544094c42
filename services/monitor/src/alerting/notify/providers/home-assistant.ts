import { PATTERN_MESSAGE } from '@app/kit';
import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    base_url: HttpUrl,
    access_token: Secret,
    service: Type.String({
      pattern: '^[a-z0-9_]+$',
      maxLength: 100,
      [PATTERN_MESSAGE]: 'must be a notify service name such as mobile_app_pixel_8',
    }),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** Home Assistant REST API: `POST /api/services/notify/<service>` `{title, message}` with a long-lived token. */
export const homeAssistantProvider: Provider = {
  type: 'homeassistant',
  schema: Schema,
  secretFields: ['access_token'],
  destinationFields: ['base_url', 'service'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(
      joinUrl(c.base_url, `api/services/notify/${c.service}`),
      { title: m.title, message: m.text },
      ctx.timeoutMs,
      { authorization: `Bearer ${c.access_token}` },
    );
  },
};
