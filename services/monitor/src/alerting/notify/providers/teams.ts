import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, urlProblems } from './common.js';

const Schema = Type.Object({ webhook_url: HttpUrl }, { additionalProperties: false });
type Config = Static<typeof Schema>;

/** Microsoft Teams workflow webhook: a message carrying one Adaptive Card. */
export const teamsProvider: Provider = {
  type: 'teams',
  schema: Schema,
  secretFields: ['webhook_url'],
  destinationFields: [],
  validate: (c) => urlProblems(c, ['webhook_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const card = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        {
          type: 'TextBlock',
          text: m.title,
          weight: 'Bolder',
          size: 'Medium',
          color: m.severity === 'critical' ? 'Attention' : m.severity === 'ok' ? 'Good' : 'Warning',
        },
        { type: 'TextBlock', text: m.text, wrap: true },
      ],
      ...(m.link ? { actions: [{ type: 'Action.OpenUrl', title: 'Open monitor', url: m.link }] } : {}),
    };
    const body = {
      type: 'message',
      attachments: [
        { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card },
      ],
    };
    return postJson(c.webhook_url, body, ctx.timeoutMs);
  },
};
