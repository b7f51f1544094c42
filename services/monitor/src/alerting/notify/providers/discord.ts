import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object({ webhook_url: HttpUrl }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** Discord webhook: one embed coloured by severity. */
export const discordProvider: Provider = {
  type: 'discord',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const embed: Record<string, unknown> = {
      title: m.title,
      description: m.text,
      color: Number.parseInt(m.color, 16),
      timestamp: payload.at,
    };
    if (m.link) embed.url = m.link;
    return postJson(c.webhook_url, { content: m.title, embeds: [embed] }, ctx.timeoutMs);
  },
};
