import { Cron } from 'croner';

export interface Recurrence {
  cron: string;
  duration_minutes: number;
}

/** A maintenance window as the evaluator needs it (times in epoch ms). */
export interface MaintenanceWindow {
  id: number;
  name: string;
  starts_at: number;
  /** One-off: the end. Recurring: no occurrence starts at or after it; null = no end. */
  ends_at: number | null;
  /** Empty: every monitor. */
  monitor_ids: readonly number[];
  recurrence: Recurrence | null;
  timezone: string;
  is_active: boolean;
}

// Parsing a cron pattern is the costly part; windows are immutable once loaded, so keep one per object.
const crons = new WeakMap<MaintenanceWindow, Cron>();

function cronOf(w: MaintenanceWindow & { recurrence: Recurrence }): Cron {
  let c = crons.get(w);
  if (!c) {
    c = new Cron(w.recurrence.cron, { timezone: w.timezone, paused: true });
    crons.set(w, c);
  }
  return c;
}

/**
 * The occurrence of `w` covering `at`, or null. A recurring window's occurrences start at each
 * cron fire time (in the window's time zone) from starts_at until ends_at and last
 * duration_minutes each; croner decides the DST cases (a time skipped by the spring change fires
 * at the first instant after the gap; a time repeated in autumn fires once, on its first pass).
 */
export function occurrenceAt(w: MaintenanceWindow, at: number): { start: number; end: number } | null {
  if (!w.is_active || at < w.starts_at) return null;
  if (!w.recurrence) {
    return w.ends_at !== null && at < w.ends_at ? { start: w.starts_at, end: w.ends_at } : null;
  }
  const span = w.recurrence.duration_minutes * 60_000;
  // The first fire strictly after (at - span) is the only one that can still be running at `at`;
  // starting the search no earlier than starts_at keeps earlier fires out.
  const from = Math.max(at - span, w.starts_at - 1);
  const fire = cronOf(w as MaintenanceWindow & { recurrence: Recurrence }).nextRun(new Date(from));
  if (!fire) return null;
  const start = fire.getTime();
  if (start > at || (w.ends_at !== null && start >= w.ends_at)) return null;
  return { start, end: start + span };
}

/**
 * When `w` next starts or stops being in effect after `at` (Infinity: never), so callers can
 * cache an answer until then instead of re-evaluating cron patterns.
 */
export function nextChange(w: MaintenanceWindow, at: number): number {
  if (!w.is_active) return Number.POSITIVE_INFINITY;
  const occ = occurrenceAt(w, at);
  if (occ) return occ.end;
  if (at < w.starts_at) {
    if (!w.recurrence) return w.starts_at;
  } else if (!w.recurrence) {
    return Number.POSITIVE_INFINITY;
  }
  const fire = cronOf(w as MaintenanceWindow & { recurrence: Recurrence }).nextRun(
    new Date(Math.max(at, w.starts_at - 1)),
  );
  if (!fire) return Number.POSITIVE_INFINITY;
  const start = fire.getTime();
  return w.ends_at !== null && start >= w.ends_at ? Number.POSITIVE_INFINITY : start;
}

/** The windows in effect at `at`. */
export function activeWindows(windows: readonly MaintenanceWindow[], at: Date): MaintenanceWindow[] {
  const t = at.getTime();
  return windows.filter((w) => occurrenceAt(w, t) !== null);
}

/** True when `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A problem with a cron pattern, or null when croner accepts it. */
export function cronProblem(pattern: string, timezone: string): string | null {
  try {
    const c = new Cron(pattern, { timezone, paused: true });
    return c.nextRun() === null ? 'never fires' : null;
  } catch (e) {
    return `is not a valid cron expression (${(e as Error).message})`;
  }
}
