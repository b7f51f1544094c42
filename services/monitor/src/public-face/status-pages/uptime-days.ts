import { DAY_MS } from '../../engine/rollups/rollup-job.js';

/** A bucket's check counts (a daily roll-up, or an hourly one of a day not rolled into days yet). */
export interface BucketCounts {
  monitor_id: number;
  bucket_start: number;
  checks: number;
  up_checks: number;
}

export interface DayTotals {
  checks: number;
  up_checks: number;
}

/** `YYYY-MM-DD` of a UTC day start. */
export const utcDate = (dayStart: number) => new Date(dayStart).toISOString().slice(0, 10);

/** The UTC day starts of a window of `days` days ending with the day of `now`, oldest first. */
export function windowDays(days: number, now: number): number[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY_MS);
}

/** Sums buckets into per-monitor, per-UTC-day totals (hour buckets fold into their day). */
export function totalsByDay(buckets: readonly BucketCounts[]): Map<number, Map<number, DayTotals>> {
  const out = new Map<number, Map<number, DayTotals>>();
  for (const b of buckets) {
    const day = Math.floor(b.bucket_start / DAY_MS) * DAY_MS;
    let days = out.get(b.monitor_id);
    if (!days) {
      days = new Map();
      out.set(b.monitor_id, days);
    }
    const t = days.get(day);
    if (t) {
      t.checks += b.checks;
      t.up_checks += b.up_checks;
    } else days.set(day, { checks: b.checks, up_checks: b.up_checks });
  }
  return out;
}

/** Percent with three decimals, or null without checks. */
export const percent = (t: DayTotals | undefined): number | null =>
  t && t.checks > 0 ? Math.round((100_000 * t.up_checks) / t.checks) / 1000 : null;
