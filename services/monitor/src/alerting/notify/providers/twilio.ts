import { PATTERN_MESSAGE } from '@app/kit';
import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { basicAuth, joinUrl, postForm } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const TWILIO_BASE_URL = 'https://api.twilio.com';

const Phone = Type.String({
  pattern: '^\\+[1-9][0-9]{6,14}$',
  [PATTERN_MESSAGE]: 'must be a phone number in E.164 form (+4915112345678)',
});
const Schema = Type.Object(
  {
    account_sid: Type.String({
      pattern: '^AC[0-9a-fA-F]{32}$',
      [PATTERN_MESSAGE]: 'must be an account SID (AC…)',
    }),
    auth_token: Secret,
    from: Phone,
    to: Phone,
    base_url: Type.Optional(HttpUrl),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** SMS texts are short: title and text, cut to what two SMS segments hold. */
const SMS_CHARS = 320;

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded
 * `To`, `From`, `Body`, HTTP Basic with the account SID and auth token; 201 when queued.
 */
export const twilioProvider: Provider = {
  type: 'twilio',
  schema: Schema,
  secretFields: ['auth_token'],
  destinationFields: ['account_sid', 'to', 'base_url'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const body = `${m.title}: ${m.text}`;
    return postForm(
      joinUrl(c.base_url ?? TWILIO_BASE_URL, `2010-04-01/Accounts/${c.account_sid}/Messages.json`),
      { To: c.to, From: c.from, Body: body.length > SMS_CHARS ? `${body.slice(0, SMS_CHARS - 1)}…` : body },
      ctx.timeoutMs,
      { authorization: basicAuth(c.account_sid, c.auth_token) },
    );
  },
};
