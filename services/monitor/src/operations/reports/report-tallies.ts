// The per-monitor tallies of a report: whole days from the daily roll-ups before `split`, raw
// results from `split` on (docs/reports.md). Split from sla-report.ts, which turns them into figures.
import type { Kysely } from 'kysely';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { reportsRepo } from '../../store/repos/reports-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { overlapMs, type Span } from './maintenance-spans.js';
import { addTo, emptyTally, type LatencyPart, type Tally } from './report-figures.js';

const DAY_MS = 86_400_000;

export interface Acc {
  all: Tally;
  maint: Tally;
  latency: LatencyPart[];
  locations: Map<string, { all: Tally; maint: Tally }>;
}

export const emptyAcc = (): Acc => ({
  all: emptyTally(),
  maint: emptyTally(),
  latency: [],
  locations: new Map(),
});

/** Adds the roll-ups of [from, split) to each monitor's tally. */
export async function tallyRollups(
  db: Kysely<MonitorDB>,
  acc: Map<number, Acc>,
  spans: Map<number, Span[]>,
  ids: number[],
  from: number,
  split: number,
): Promise<void> {
  // Roll-ups for [from, split). Whole days under no maintenance are summed in SQL; the days at the
  // edges and those touched by a maintenance span are read bucket by bucket: a day partly inside
  // counts in proportion, and so does the part of it under maintenance.
  const firstDay = Math.floor(from / DAY_MS) * DAY_MS;
  const special = new Set<number>();
  if (split > from) {
    special.add(firstDay);
    special.add(Math.floor((split - 1) / DAY_MS) * DAY_MS);
    const seen = new Set<Span[]>();
    for (const list of spans.values()) {
      if (seen.has(list)) continue;
      seen.add(list);
      for (const [a, b] of list) {
        for (let d = Math.floor(a / DAY_MS) * DAY_MS; d < Math.min(b, split); d += DAY_MS) special.add(d);
      }
    }
    for (const t of await reportsRepo.daySums(db, ids, firstDay, split, [...special])) {
      const a = acc.get(t.monitor_id)!;
      addTo(a.all, t.checks, t.up_checks, t.degraded_checks);
      for (const k of ['p50', 'p95', 'p99'] as const) {
        const n = t[`n_${k}`];
        if (n > 0) a.latency.push({ count: n, p50: null, p95: null, p99: null, [k]: t[`s_${k}`] / n });
      }
    }
  }
  for (const b of await reportsRepo.dayBuckets(
    db,
    ids,
    [...special].filter((d) => d < split),
  )) {
    const a = acc.get(b.monitor_id)!;
    const lo = Math.max(b.bucket_start, from);
    const hi = Math.min(b.bucket_start + DAY_MS, split);
    if (hi <= lo) continue;
    const share = (hi - lo) / DAY_MS;
    const maintShare = overlapMs(spans.get(b.monitor_id) ?? [], lo, hi) / DAY_MS;
    addTo(a.all, b.checks, b.up_checks, b.degraded_checks, share);
    addTo(a.maint, b.checks, b.up_checks, b.degraded_checks, maintShare);
    a.latency.push({
      count: b.latency_count * share,
      p50: b.latency_p50,
      p95: b.latency_p95,
      p99: b.latency_p99,
    });
  }
}

/** Adds the raw results of [split, to) to each monitor's tally, overall and per location. */
export async function tallyRaw(
  db: Kysely<MonitorDB>,
  acc: Map<number, Acc>,
  spans: Map<number, Span[]>,
  ids: number[],
  split: number,
  to: number,
): Promise<void> {
  // Raw results for [split, to): all of them, then those inside each maintenance span.
  const location = (a: Acc, id: string | null) => {
    const key = id ?? LOCAL_LOCATION_ID;
    let l = a.locations.get(key);
    if (!l) {
      l = { all: emptyTally(), maint: emptyTally() };
      a.locations.set(key, l);
    }
    return l;
  };
  for (const c of await reportsRepo.rawCounts(db, ids, split, to)) {
    const a = acc.get(c.monitor_id)!;
    addTo(a.all, c.checks, c.up_checks, c.degraded_checks);
    addTo(location(a, c.location_id).all, c.checks, c.up_checks, c.degraded_checks);
  }
  const bySpan = new Map<string, { span: Span; ids: number[] }>();
  for (const [id, list] of spans) {
    for (const [a, b] of list) {
      const lo = Math.max(a, split);
      const hi = Math.min(b, to);
      if (hi <= lo) continue;
      const key = `${lo}-${hi}`;
      const e = bySpan.get(key) ?? { span: [lo, hi] as Span, ids: [] };
      e.ids.push(id);
      bySpan.set(key, e);
    }
  }
  for (const { span, ids: spanIds } of bySpan.values()) {
    for (const c of await reportsRepo.rawCounts(db, spanIds, span[0], span[1])) {
      const a = acc.get(c.monitor_id)!;
      addTo(a.maint, c.checks, c.up_checks, c.degraded_checks);
      addTo(location(a, c.location_id).maint, c.checks, c.up_checks, c.degraded_checks);
    }
  }
  const ranks = new Map<number, LatencyPart>();
  for (const r of await reportsRepo.rawPercentiles(db, ids, split, to)) {
    const p = ranks.get(r.monitor_id) ?? { count: r.n, p50: null, p95: null, p99: null };
    if (r.rn === Math.floor((50 * r.n + 99) / 100)) p.p50 = r.ms;
    if (r.rn === Math.floor((95 * r.n + 99) / 100)) p.p95 = r.ms;
    if (r.rn === Math.floor((99 * r.n + 99) / 100)) p.p99 = r.ms;
    ranks.set(r.monitor_id, p);
  }
  for (const [id, p] of ranks) acc.get(id)!.latency.push(p);
}
