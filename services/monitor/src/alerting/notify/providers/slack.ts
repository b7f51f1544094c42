import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

// The incoming-webhook URL embeds its credential, so it is secret as a whole.
const Schema = Type.Object({ webhook_url: HttpUrl }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** Slack incoming webhook: `{text}` with mrkdwn. */
export const slackProvider: Provider = {
  type: 'slack',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    return postJson(c.webhook_url, { text: `*${m.title}*\n${m.text}` }, ctx.timeoutMs);
  },
};
