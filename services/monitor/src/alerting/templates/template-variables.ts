import { affectedSummary, durationText, formatMessage } from '../notify/format.js';
import type { NotificationPayload } from '../notify/types.js';

/** One documented template variable: a value, an object of named fields, or a list of objects. */
export type VarSpec =
  | { kind: 'value'; doc: string }
  | { kind: 'object'; doc: string; fields: Record<string, VarSpec> }
  | { kind: 'list'; doc: string; item: Record<string, VarSpec> };

const v = (doc: string): VarSpec => ({ kind: 'value', doc });

/**
 * Every variable a template may use (docs/notifications.md lists the same). Validation refuses
 * any other name, so a typo is a 422 at save time instead of a blank in a 3 a.m. alert.
 */
export const TEMPLATE_VARIABLES: Record<string, VarSpec> = {
  event: v('The event, e.g. monitor.down'),
  event_name: v('Its short name: down, up, degraded, tls or escalation'),
  at: v('When it happened (ISO 8601, UTC)'),
  severity: v('critical, warning, info or ok'),
  link: v("The monitor's page on the dashboard (empty without the app_base_url setting)"),
  reason: v('Why: the check error, else "HTTP <code>", else the incident root cause (may be empty)'),
  expires_in: v('tls: "in 5 days", "in 1 day" or "soon"'),
  default_title: v('The built-in title for this event'),
  default_text: v('The built-in text for this event (without the link)'),
  monitor: {
    kind: 'object',
    doc: 'The monitor',
    fields: { id: v('Its id'), name: v('Its name'), url: v('Its target (may be empty)') },
  },
  incident: {
    kind: 'object',
    doc: 'The incident (empty for tls)',
    fields: {
      id: v('Its id'),
      status: v('open, acknowledged or resolved'),
      started_at: v('ISO 8601'),
      resolved_at: v('ISO 8601 (empty while open)'),
      duration_seconds: v('Seconds so far, or in all once resolved'),
      duration: v('The same as text: "5m 3s"'),
      root_cause: v('The first failed check’s error'),
      acknowledged_by: v('Who acknowledged it (empty if nobody)'),
      locations: v(
        'The names of the locations that saw it down, comma-separated (empty for monitors checked from this instance only)',
      ),
    },
  },
  result: {
    kind: 'object',
    doc: 'The check that caused the event (empty for escalation)',
    fields: {
      status: v('up or down'),
      status_code: v('HTTP status (may be empty)'),
      response_time_ms: v('Response time in ms (may be empty)'),
      error: v('The error (may be empty)'),
      tls_days_left: v('Days left on the certificate (may be empty)'),
      checked_at: v('ISO 8601'),
    },
  },
  escalation: {
    kind: 'object',
    doc: 'escalation: which policy step this is',
    fields: {
      step: v('1-based step number'),
      steps: v('How many steps the policy has'),
      after_minutes: v('The step’s delay in minutes'),
    },
  },
  affected: {
    kind: 'object',
    doc: 'down of a monitor others depend on: the dependants affected',
    fields: {
      count: v('How many'),
      summary: v('"2 monitors affected: Cart, Payments" (ten names at most, then "and N more")'),
      monitors: {
        kind: 'list',
        doc: 'Each affected monitor',
        item: { id: v('Its id'), name: v('Its name') },
      },
    },
  },
};

const WHY = (p: NotificationPayload) =>
  p.result?.error ??
  (p.result?.status_code != null ? `HTTP ${p.result.status_code}` : null) ??
  p.incident?.root_cause ??
  null;

function expiresIn(days: number | null | undefined): string {
  if (typeof days !== 'number') return 'soon';
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

/** The names of the locations an alert names: the payload's, else the incident's ids (null: none). */
function locationNames(p: NotificationPayload): string | null {
  const ids = p.incident?.locations;
  const names = p.locations?.map((l) => l.name) ?? (Array.isArray(ids) ? ids.map(String) : []);
  return names.length > 0 ? names.join(', ') : null;
}

/** Copies plain data into objects without a prototype: no `constructor` or `__proto__` to reach. */
function bare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bare);
  if (value && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of Object.entries(value)) out[k] = bare(x);
    return out;
  }
  return value;
}

/** The data a template is rendered with, built from a notification (only documented names). */
export function templateView(p: NotificationPayload, appBaseUrl: string | null): unknown {
  const m = formatMessage(p, appBaseUrl);
  const i = p.incident;
  const r = p.result;
  return bare({
    event: p.event,
    event_name: p.event
      .replace(/^monitor\./, '')
      .replace('tls_expiring', 'tls')
      .replace('escalated', 'escalation'),
    at: p.at,
    severity: m.severity,
    link: m.link,
    reason: WHY(p),
    expires_in: expiresIn(r?.tls_days_left),
    default_title: m.title,
    default_text: m.link ? m.text.slice(0, -(m.link.length + 1)) : m.text,
    monitor: { id: p.monitor.id, name: p.monitor.name, url: p.monitor.url },
    incident: i
      ? {
          id: i.id,
          status: i.status ?? null,
          started_at: i.started_at ?? null,
          resolved_at: i.resolved_at ?? null,
          duration_seconds: i.duration_seconds ?? null,
          duration: typeof i.duration_seconds === 'number' ? durationText(i.duration_seconds) : null,
          root_cause: i.root_cause ?? null,
          acknowledged_by: (i.acknowledged_by as string | null | undefined) ?? null,
          locations: locationNames(p),
        }
      : null,
    result: r
      ? {
          status: r.status ?? null,
          status_code: r.status_code ?? null,
          response_time_ms: r.response_time_ms ?? null,
          error: r.error ?? null,
          tls_days_left: r.tls_days_left ?? null,
          checked_at: r.checked_at ?? null,
        }
      : null,
    escalation: p.escalation ?? null,
    affected:
      p.affected && p.affected.count > 0 ? { ...p.affected, summary: affectedSummary(p.affected) } : null,
  });
}
