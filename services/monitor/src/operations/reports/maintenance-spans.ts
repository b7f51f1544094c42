import { toWindow } from '../../alerting/maintenance/maintenance-schedule.js';
import { type MaintenanceWindow, nextChange, occurrenceAt } from '../../alerting/maintenance/windows.js';
import { maintenanceRepo } from '../../store/repos/maintenance-repo.js';
import type { Db } from '../../store/schema.js';

/** [start, end) in epoch ms. */
export type Span = readonly [number, number];

/** The occurrences of `w` that overlap [from, to), clipped to it. */
export function occurrencesBetween(w: MaintenanceWindow, from: number, to: number): Span[] {
  const out: Span[] = [];
  let t = from;
  // Each step lands on an occurrence's end or the next start, so it always moves forward.
  for (let guard = 0; t < to && guard < 100_000; guard++) {
    const occ = occurrenceAt(w, t);
    if (occ) {
      out.push([Math.max(occ.start, from), Math.min(occ.end, to)]);
      t = occ.end;
    } else {
      const next = nextChange(w, t);
      if (!Number.isFinite(next) || next <= t) break;
      t = next;
    }
  }
  return out;
}

/** Sorted, overlapping or touching spans merged. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else if (b > a) out.push([a, b]);
  }
  return out;
}

/** How much of [from, to) the spans cover, in ms. */
export function overlapMs(spans: readonly Span[], from: number, to: number): number {
  let ms = 0;
  for (const [a, b] of spans) ms += Math.max(0, Math.min(b, to) - Math.max(a, from));
  return ms;
}

/**
 * Each monitor's maintenance over [from, to), merged: the windows active now (a window deleted or
 * switched off since no longer counts), their one-off spans and recurring occurrences.
 */
export async function maintenanceSpans(
  db: Db,
  monitorIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, Span[]>> {
  const windows = (await maintenanceRepo.list(db)).map(toWindow).filter((w) => w.is_active);
  const all: Span[] = [];
  const own = new Map<number, Span[]>();
  for (const w of windows) {
    const spans = occurrencesBetween(w, from, to);
    if (spans.length === 0) continue;
    if (w.monitor_ids.length === 0) all.push(...spans);
    else
      for (const id of w.monitor_ids) {
        const list = own.get(id) ?? [];
        list.push(...spans);
        own.set(id, list);
      }
  }
  const out = new Map<number, Span[]>();
  const shared = mergeSpans(all);
  for (const id of monitorIds) {
    const mine = own.get(id);
    out.set(id, mine ? mergeSpans([...all, ...mine]) : shared);
  }
  return out;
}
