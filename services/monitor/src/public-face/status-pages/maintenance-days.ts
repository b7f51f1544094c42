import { type MaintenanceWindow, nextChange, occurrenceAt } from '../../alerting/maintenance/windows.js';
import { DAY_MS } from '../../engine/rollups/rollup-job.js';

/** Whether an occurrence of `w` covers some of [from, to). */
export function windowTouches(w: MaintenanceWindow, from: number, to: number): boolean {
  // Not in effect at `from`: then the next change is its next start, which must come before `to`.
  return occurrenceAt(w, from) !== null || nextChange(w, from) < to;
}

// A finished day's answer never changes for a loaded window (a reload makes new window objects), and
// evaluating cron patterns is the costly part: remember it per window and day start.
const finished = new WeakMap<MaintenanceWindow, Map<number, boolean>>();

/**
 * For each window, the indexes of the days in `dayStarts` that one of its occurrences touched
 * (up to `now`: a window later today does not mark today yet).
 */
export function maintenanceDaysOf(
  windows: readonly MaintenanceWindow[],
  dayStarts: readonly number[],
  now: number,
): Map<MaintenanceWindow, Set<number>> {
  const out = new Map<MaintenanceWindow, Set<number>>();
  for (const w of windows) {
    if (!w.is_active) continue;
    const hit = new Set<number>();
    let past = finished.get(w);
    if (!past) {
      past = new Map();
      finished.set(w, past);
    }
    dayStarts.forEach((start, i) => {
      const end = Math.min(start + DAY_MS, now);
      if (end <= start || w.starts_at >= end) return;
      const done = end === start + DAY_MS;
      let touched = done ? past.get(start) : undefined;
      if (touched === undefined) {
        touched = windowTouches(w, start, end);
        if (done) past.set(start, touched);
      }
      if (touched) hit.add(i);
    });
    if (hit.size > 0) out.set(w, hit);
  }
  return out;
}

/** Whether `w` covers monitor `id` (an empty list covers every monitor). */
export const covers = (w: MaintenanceWindow, id: number) =>
  w.monitor_ids.length === 0 || w.monitor_ids.includes(id);
