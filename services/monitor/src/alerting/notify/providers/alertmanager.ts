import { createHash } from 'node:crypto';
import { type Static, Type } from 'typebox';
import { messageFor } from '../format.js';
import { postJson } from '../http-post.js';
import type { NotificationPayload, Provider } from '../types.js';
import { HttpUrl, Secret, urlProblems } from './common.js';

const Schema = Type.Object(
  {
    url: HttpUrl,
    receiver: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    bearer_token: Type.Optional(Secret),
  },
  { additionalProperties: false },
);
type Config = Static<typeof Schema>;

/** The zero time Alertmanager sends as endsAt of a firing alert. */
const NO_END = '0001-01-01T00:00:00Z';

function alertOf(p: NotificationPayload, severity: string, summary: string, description: string) {
  const resolved = p.event === 'monitor.up';
  const labels: Record<string, string> = {
    alertname: p.event === 'monitor.tls_expiring' ? 'MonitorCertificateExpiring' : 'MonitorDown',
    monitor: p.monitor.name,
    monitor_id: String(p.monitor.id),
    severity,
  };
  if (p.incident) labels.incident_id = String(p.incident.id);
  const startsAt = (p.incident?.started_at as string | undefined) ?? p.at;
  return {
    status: resolved ? 'resolved' : 'firing',
    labels,
    annotations: { summary, description },
    startsAt,
    endsAt: resolved ? p.at : NO_END,
    generatorURL: '',
    // Alertmanager's fingerprint is a hash of the label set; receivers group on it.
    fingerprint: createHash('sha256').update(JSON.stringify(labels)).digest('hex').slice(0, 16),
  };
}

/**
 * The Alertmanager webhook receiver payload (version 4), so receivers written for Alertmanager
 * (alertmanager-webhook-* bridges, custom handlers) take our alerts as they are: one alert per
 * notification, `firing` on down and escalations, `resolved` on up.
 */
export const alertmanagerProvider: Provider = {
  type: 'alertmanager',
  schema: Schema,
  secretFields: ['bearer_token'],
  destinationFields: ['url'],
  validate: (c) => urlProblems(c, ['url']),
  send(raw, payload, ctx) {
    const c = raw as Config;
    const m = messageFor(payload, ctx);
    const severity = m.severity === 'ok' ? 'critical' : m.severity;
    const alert = alertOf(payload, severity, m.title, m.text);
    const receiver = c.receiver ?? 'monitor-service';
    const body = {
      version: '4',
      groupKey: `{}:{monitor_id="${payload.monitor.id}"}`,
      truncatedAlerts: 0,
      status: alert.status,
      receiver,
      groupLabels: { monitor_id: alert.labels.monitor_id },
      commonLabels: alert.labels,
      commonAnnotations: alert.annotations,
      externalURL: ctx.appBaseUrl ?? '',
      alerts: [alert],
    };
    return postJson(
      c.url,
      body,
      ctx.timeoutMs,
      c.bearer_token ? { authorization: `Bearer ${c.bearer_token}` } : {},
    );
  },
};
