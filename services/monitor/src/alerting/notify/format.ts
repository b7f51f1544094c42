import type { NotificationPayload, SendContext } from './types.js';

/** A provider-neutral rendering of an event: each provider maps it onto its own message shape. */
export interface Message {
  title: string;
  text: string;
  severity: 'critical' | 'warning' | 'info' | 'ok';
  /** Hex colour without '#', for providers that show one. */
  color: string;
  link: string | null;
}

const COLORS = { critical: 'd63b3b', warning: 'e0a100', info: '3b82d6', ok: '2e9e4f' } as const;

export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m}m ${seconds % 60}s`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h}h ${m % 60}m` : `${Math.floor(h / 24)}d ${h % 24}h`;
}

// "router down, 28 monitors affected": the dependants a down alert stands for (issue 14).
/** "2 monitors affected: Cart, Payments" (ten names at most); null when none is. Templates get it as affected.summary. */
export function affectedSummary(a: NotificationPayload['affected']): string | null {
  if (!a || a.count === 0) return null;
  const names = a.monitors.slice(0, 10).map((m) => m.name);
  const more = a.count > names.length ? `, and ${a.count - names.length} more` : '';
  return `${a.count} monitor${a.count === 1 ? '' : 's'} affected: ${names.join(', ')}${more}`;
}

/** " (down from Europe, Asia)" for a multi-location monitor's down alert (issue 13); else empty. */
export function downFromText(p: NotificationPayload): string {
  const names = p.locations?.map((l) => l.name) ?? [];
  return names.length > 0 ? ` (down from ${names.join(', ')})` : '';
}

function affectedText(p: NotificationPayload): string {
  const s = affectedSummary(p.affected);
  return s ? ` ${s}.` : '';
}

/** The human text for an event, the same on every channel. */
export function formatMessage(p: NotificationPayload, appBaseUrl: string | null): Message {
  const m = p.monitor;
  const target = m.url ? ` (${m.url})` : '';
  const r = p.result;
  const why =
    r?.error ?? (r?.status_code != null ? `HTTP ${r.status_code}` : null) ?? p.incident?.root_cause ?? null;
  const link = appBaseUrl ? `${appBaseUrl.replace(/\/+$/, '')}/monitors/${m.id}` : null;
  let title: string;
  let text: string;
  let severity: Message['severity'];
  switch (p.event) {
    case 'monitor.down':
      title = `[DOWN] ${m.name}`;
      text = `${m.name}${target} is down${why ? `: ${why}` : ''}${downFromText(p)}.${affectedText(p)}`;
      severity = 'critical';
      break;
    case 'monitor.up': {
      const d = p.incident?.duration_seconds;
      title = `[UP] ${m.name}`;
      text = `${m.name}${target} is up again${typeof d === 'number' ? ` after ${durationText(d)}` : ''}.`;
      severity = 'ok';
      break;
    }
    case 'monitor.degraded':
      title = `[DEGRADED] ${m.name}`;
      text = `${m.name}${target} is degraded${why ? `: ${why}` : ''}.`;
      severity = 'warning';
      break;
    case 'monitor.escalated': {
      const e = p.escalation;
      title = `[ESCALATED] ${m.name}`;
      text = `${m.name}${target} is still down and unacknowledged${e ? ` (escalation step ${e.step} of ${e.steps})` : ''}${why ? `: ${why}` : ''}.`;
      severity = 'critical';
      break;
    }
    case 'monitor.tls_expiring': {
      const days = r?.tls_days_left;
      title = `[TLS] ${m.name}`;
      text = `The TLS certificate of ${m.name}${target} expires ${typeof days === 'number' ? `in ${days} day${days === 1 ? '' : 's'}` : 'soon'}.`;
      severity = 'warning';
      break;
    }
    case 'location.offline':
    case 'location.online':
      return locationMessage(
        p,
        p.location ?? { id: '', name: m.name, region: null, last_seen_at: null, monitor_count: 0 },
        appBaseUrl,
      );
    case 'flood.summary': {
      const f = p.flood ?? { count: 0, monitors: [], limit: 0, window_start: p.at };
      const names = f.monitors.slice(0, 10).join(', ');
      const more = f.monitors.length > 10 ? ` and ${f.monitors.length - 10} more` : '';
      title = `[FLOOD GUARD] ${f.count} notification${f.count === 1 ? '' : 's'} held`;
      text = `More than ${f.limit} notifications a minute: ${f.count} more were held back instead of sent${names ? ` (${names}${more})` : ''}.`;
      severity = 'warning';
      break;
    }
    case 'test':
      title = `[TEST] ${m.name}`;
      text = `Test notification from the monitor service for ${m.name}${target}: this channel works.`;
      severity = 'info';
      break;
  }
  const body = `${text}${link ? `\n${link}` : ''}${ackLine(p)}`;
  return { title, text: body, severity, color: COLORS[severity], link };
}

/** The acknowledgement link of a page to a person (issue 33), as its own line; else empty. */
export const ackLine = (p: NotificationPayload): string => (p.ack_url ? `\nAcknowledge: ${p.ack_url}` : '');

// A check location that stopped reporting (or came back): its monitors' quorum changes, none goes down.
function locationMessage(
  p: NotificationPayload,
  l: NonNullable<NotificationPayload['location']>,
  appBaseUrl: string | null,
): Message {
  const name = `${l.name}${l.region ? ` (${l.region})` : ''}`;
  const n = `${l.monitor_count} monitor${l.monitor_count === 1 ? '' : 's'}`;
  const link = appBaseUrl ? `${appBaseUrl.replace(/\/+$/, '')}/locations` : null;
  const offline = p.event === 'location.offline';
  const title = `[${offline ? 'LOCATION OFFLINE' : 'LOCATION ONLINE'}] ${l.name}`;
  const text = offline
    ? `Check location ${name} stopped reporting${l.last_seen_at ? ` (last seen ${l.last_seen_at})` : ''}: its results no longer count towards the quorum of its ${n}.`
    : `Check location ${name} is reporting again: its results count towards the quorum of its ${n} again.`;
  const severity = offline ? 'warning' : 'ok';
  return { title, text: link ? `${text}\n${link}` : text, severity, color: COLORS[severity], link };
}

/** What a provider sends: the channel's own template when it has one for the event, else the built-in text. */
export function messageFor(p: NotificationPayload, ctx: Pick<SendContext, 'appBaseUrl' | 'custom'>): Message {
  const m = formatMessage(p, ctx.appBaseUrl);
  // A custom template keeps the acknowledgement link: a page without it could not be acknowledged.
  return ctx.custom ? { ...m, title: ctx.custom.title, text: `${ctx.custom.text}${ackLine(p)}` } : m;
}
