import { addDays, fromLocal, toLocal } from '../../platform/time/zoned-time.js';
import { quietHoursRepo } from '../../store/repos/quiet-hours-repo.js';
import type { Db } from '../../store/schema.js';
import type { NotifyEvent } from './types.js';

export type Severity = 'critical' | 'warning' | 'info' | 'ok';
const RANK: Record<Severity, number> = { ok: 0, info: 1, warning: 2, critical: 3 };

/** How urgent an event is, for quiet hours (the same words as the messages' severity). */
export function severityOf(event: NotifyEvent): Severity {
  switch (event) {
    case 'monitor.down':
    case 'monitor.escalated':
      return 'critical';
    case 'monitor.degraded':
    case 'monitor.tls_expiring':
    case 'location.offline':
    case 'flood.summary':
      return 'warning';
    case 'test':
      return 'info';
    default:
      return 'ok';
  }
}

export interface QuietHours {
  time_zone: string;
  /** Local `HH:MM`; start after end wraps midnight (22:00–07:00). */
  start: string;
  end: string;
  /** Notifications below this severity are held. */
  min_severity: Exclude<Severity, 'ok'>;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the quiet hours covering `now` end (epoch ms), or null when `now` is not in them. */
export function quietUntil(q: QuietHours, now: number): number | null {
  const local = toLocal(q.time_zone, now);
  const m = local.hour * 60 + local.minute;
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  if (start === end) return null;
  const inside = start < end ? m >= start && m < end : m >= start || m < end;
  if (!inside) return null;
  const day = m < end ? local : addDays(local, 1);
  return fromLocal(q.time_zone, { ...day, hour: Math.floor(end / 60), minute: end % 60 });
}

/**
 * The earliest delivery time per owner of personal channels for an event: the end of their quiet
 * hours when the event is below their chosen severity, else absent (send now).
 */
export async function heldUntil(
  db: Db,
  owners: readonly number[],
  event: NotifyEvent,
  now: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (owners.length === 0) return out;
  const rows = await quietHoursRepo.ofUsers(db, [...new Set(owners)]);
  for (const [user, r] of rows) {
    const q: QuietHours = {
      time_zone: r.time_zone,
      start: r.start_local,
      end: r.end_local,
      min_severity: r.min_severity as QuietHours['min_severity'],
    };
    if (RANK[severityOf(event)] >= RANK[q.min_severity]) continue;
    const until = quietUntil(q, now);
    if (until !== null) out.set(user, until);
  }
  return out;
}
