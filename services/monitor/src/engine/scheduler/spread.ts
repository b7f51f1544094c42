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
 * are spread evenly over one interval (overdue ones over at most `windowMs`), most overdue first,
 * instead of all firing at once.
 */
export function initialDueTimes(
  items: StoredSchedule[],
  now: number,
  windowMs = Number.POSITIVE_INFINITY,
): Map<number, number> {
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
    // Never checked: nothing fell behind, so the full interval (the window is for the overdue).
    const span = Number.isFinite(m.due) ? Math.min(m.intervalMs, windowMs) : m.intervalMs;
    due.set(m.id, now + Math.floor((i / n) * span));
  });
  return due;
}

/**
 * The catch-up window of shards taken over from another instance (killed, or stopped while checks
 * were due): as long as the most overdue monitor has waited (at least a second). The overdue ones
 * came due one by one over that time, so checking them again over the same time runs them at the
 * pace they fell behind at, beside the shards' regular checks: about twice the usual rate for a
 * moment, no burst, and every monitor of a dead instance is checked again about as long after the
 * take-over as the take-over came after its death (rather than up to a whole interval later).
 */
export function takeOverWindow(items: StoredSchedule[], now: number): number {
  let oldest = now;
  for (const m of items) {
    const next = storedNextDue(m);
    if (Number.isFinite(next) && next < oldest) oldest = next;
  }
  return Math.max(1000, now - oldest);
}
