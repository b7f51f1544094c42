import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, postJson } from '../http-post.js';
import type { Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const OPSGENIE_BASE_URL = 'https://api.opsgenie.com';

const Schema = Type.Object(
  { api_key: Secret, base_url: Type.Optional(HttpUrl) },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * Opsgenie Alert API with `Authorization: GenieKey <key>`: down and escalations create an alert
 * (`POST /v2/alerts`, alias `monitor-<id>-incident-<id>` so a repeat raises the same alert),
 * recovery closes it (`POST /v2/alerts/{alias}/close?identifierType=alias`). Opsgenie answers
 * 202 and processes the request afterwards.
 */
export const opsgenieProvider: Provider = {
  type: 'opsgenie',
  schema: Schema,
  secretFields: ['api_key'],
  destinationFields: ['base_url'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const base = c.base_url ?? OPSGENIE_BASE_URL;
    const headers = { authorization: `GenieKey ${c.api_key}` };
    const alias = payload.incident
      ? `monitor-${payload.monitor.id}-incident-${payload.incident.id}`
      : `monitor-${payload.monitor.id}-${payload.event}`;
    if (payload.event === 'monitor.up') {
      return postJson(
        joinUrl(base, `v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`),
        { source: 'monitor-service', note: m.text },
        ctx.timeoutMs,
        headers,
      );
    }
    const priority = { critical: 'P1', warning: 'P3', info: 'P5', ok: 'P5' }[m.severity];
    return postJson(
      joinUrl(base, 'v2/alerts'),
      {
        message: m.title.slice(0, 130),
        alias,
        description: m.text.slice(0, 15000),
        priority,
        source: 'monitor-service',
        details: { event: payload.event, monitor_id: String(payload.monitor.id) },
      },
      ctx.timeoutMs,
      headers,
    );
  },
};
