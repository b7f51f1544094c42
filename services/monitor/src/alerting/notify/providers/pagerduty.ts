import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { joinUrl, postJson } from '../http-post.js';
import type { NotificationPayload, Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

export const PAGERDUTY_BASE_URL = 'https://events.pagerduty.com';

const Schema = Type.Object(
  {
    routing_key: Secret,
    base_url: Type.Optional(HttpUrl),
    severity: Type.Optional(
      Type.Union([
        Type.Literal('critical'),
        Type.Literal('error'),
        Type.Literal('warning'),
        Type.Literal('info'),
      ]),
    ),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/**
 * PagerDuty's alert key: one per incident, so the recovery resolves exactly the alert the
 * down event triggered; test and certificate events use the outbox row's own key.
 */
export function pagerDutyDedupKey(p: NotificationPayload, idempotencyKey: string): string {
  // An escalation re-triggers its incident's alert, so the recovery's resolve closes it too.
  if (p.event === 'monitor.down' || p.event === 'monitor.up' || p.event === 'monitor.escalated') {
    return p.incident ? `monitor-${p.monitor.id}-incident-${p.incident.id}` : `monitor-${p.monitor.id}`;
  }
  return idempotencyKey;
}

/** PagerDuty Events API v2: trigger on down (and certificate/test), resolve on up. */
export const pagerDutyProvider: Provider = {
  type: 'pagerduty',
  schema: Schema,
  secretFields: ['routing_key'],
  destinationFields: ['base_url'],
  validate: (c) => urlProblems(c, ['base_url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const dedupKey = pagerDutyDedupKey(payload, ctx.idempotencyKey);
    const url = joinUrl(c.base_url ?? PAGERDUTY_BASE_URL, 'v2/enqueue');
    if (payload.event === 'monitor.up') {
      return postJson(
        url,
        { routing_key: c.routing_key, event_action: 'resolve', dedup_key: dedupKey },
        ctx.timeoutMs,
      );
    }
    const severity =
      // An escalation pages: it is the same outage, only louder (same dedup key as its down alert).
      payload.event === 'monitor.down' || payload.event === 'monitor.escalated'
        ? (c.severity ?? 'critical')
        : payload.event === 'monitor.tls_expiring'
          ? 'warning'
          : 'info';
    const body: Record<string, unknown> = {
      routing_key: c.routing_key,
      event_action: 'trigger',
      dedup_key: dedupKey,
      payload: {
        summary: m.text.split('\n')[0]?.slice(0, 1024) ?? m.title,
        source: payload.monitor.url ?? payload.monitor.name,
        severity,
        timestamp: payload.at,
        component: payload.monitor.name,
        custom_details: {
          event: payload.event,
          monitor: payload.monitor,
          incident: payload.incident,
          result: payload.result,
          ...(payload.escalation && { escalation: payload.escalation }),
        },
      },
    };
    if (m.link) body.links = [{ href: m.link, text: 'Open monitor' }];
    return postJson(url, body, ctx.timeoutMs);
  },
};
