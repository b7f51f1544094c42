import { PATTERN_MESSAGE } from '@app/kit';
import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    base_url: HttpUrl,
    number: Type.String({
      pattern: '^\\+[1-9][0-9]{6,14}$',
      [PATTERN_MESSAGE]: 'must be the sender in E.164 form',
    }),
    recipients: Type.String({
      minLength: 2,
      maxLength: 2000,
      description: 'Comma-separated numbers or group ids',
    }),
    token: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * signal-cli REST API (`POST /v2/send` `{message, number, recipients}`; 201 when sent). `token`
 * is sent as a bearer credential for a proxy in front of it (the API itself has none).
 */
export const signalProvider: Provider = {
  type: 'signal',
  schema: Schema,
  secretFields: ['token'],
  destinationFields: ['base_url', 'number', 'recipients'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const recipients = c.recipients
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r !== '');
    return postJson(
      joinUrl(c.base_url, 'v2/send'),
      { message: `${m.title}\n${m.text}`, number: c.number, recipients },
      ctx.timeoutMs,
      c.token ? { authorization: `Bearer ${c.token}` } : {},
    );
  },
};
