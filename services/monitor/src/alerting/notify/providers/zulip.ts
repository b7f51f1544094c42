import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { basicAuth, joinUrl, jsonFieldIs, postForm } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    site_url: HttpUrl,
    bot_email: Type.String({ minLength: 3, maxLength: 254 }),
    api_key: Secret,
    stream: Type.String({ minLength: 1, maxLength: 60 }),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * Zulip `POST /api/v1/messages` (form-encoded, HTTP Basic with the bot's e-mail and API key) to a
 * stream and topic (the monitor's name by default); the answer's `result` must be `success`.
 */
export const zulipProvider: Provider = {
  type: 'zulip',
  schema: Schema,
  secretFields: ['api_key'],
  destinationFields: ['site_url', 'stream', 'bot_email'],
  validate: (c) => urlProblems(c, ['site_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postForm(
      joinUrl(c.site_url, 'api/v1/messages'),
      {
        type: 'stream',
        to: c.stream,
        topic: c.topic ?? payload.monitor.name,
        content: `**${m.title}**\n${m.text}`,
      },
      ctx.timeoutMs,
      { authorization: basicAuth(c.bot_email, c.api_key) },
      jsonFieldIs('result', 'success'),
    );
  },
};
