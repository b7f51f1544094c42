import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { excerpt, joinUrl, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const TELEGRAM_BASE_URL = 'https://api.telegram.org';

const Schema = Type.Object(
  {
    bot_token: Secret,
    chat_id: Type.String({ minLength: 1, maxLength: 100 }),
    base_url: Type.Optional(HttpUrl),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** Telegram Bot API sendMessage (plain text, so names need no escaping). */
export const telegramProvider: Provider = {
  type: 'telegram',
  schema: Schema,
  secretFields: ['bot_token'],
  destinationFields: ['base_url', 'chat_id'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const url = joinUrl(c.base_url ?? TELEGRAM_BASE_URL, `bot${c.bot_token}/sendMessage`);
    const body = { chat_id: c.chat_id, text: `${m.title}\n${m.text}`, disable_web_page_preview: true };
    return postJson(url, body, ctx.timeoutMs, {}, (_status, text) => {
      try {
        const answer = JSON.parse(text) as { ok?: boolean };
        return answer.ok === false ? `Telegram refused: ${excerpt(text)}` : null;
      } catch {
        return null;
      }
    });
  },
};
