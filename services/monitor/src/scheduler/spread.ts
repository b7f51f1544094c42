/** A monitor's schedule facts as stored, enough to derive its next due time after a (re)start. */
export interface StoredSchedule {
  id: number;
  intervalMs: number;
  retryIntervalMs: number;
  /** Null when never checked. */
  lastCheckedAt: number | null;
  retrying: boolean;
}

/** When the stored state says the next check is due; -Infinity when never checked. */
export function storedNextDue(m: StoredSchedule): number {
  return m.lastCheckedAt === null
    ? Number.NEGATIVE_INFINITY
    : m.lastCheckedAt + (m.retrying ? m.retryIntervalMs : m.intervalMs);
}

/**
 * Next due times after a start or a shard take-over: `last_checked_at + interval` (or the retry
 * interval while retrying) when that is still ahead; monitors already overdue, or never checked,
 * are spread evenly over one interval, most overdue first, instead of all firing at once.
 */
export function initialDueTimes(items: StoredSchedule[], now: number): Map<number, number> {
  const due = new Map<number, number>();
  const overdue: { id: number; due: number; intervalMs: number }[] = [];
  for (const m of items) {
    const next = storedNextDue(m);
    if (next > now) due.set(m.id, next);
    else overdue.push({ id: m.id, due: next, intervalMs: m.intervalMs });
  }
  overdue.sort((a, b) => a.due - b.due || a.id - b.id);
  const n = overdue.length;
  overdue.forEach((m, i) => {
    due.set(m.id, now + Math.floor((i / n) * m.intervalMs));
  });
  return due;
}
