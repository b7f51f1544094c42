import type { Kysely } from 'kysely';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { ReportMonitor, SlaReport } from '../../shared-types/sla-report-shapes.js';
import { reportsRepo } from '../../store/repos/reports-repo.js';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { maintenanceSpans, overlapMs, type Span } from './maintenance-spans.js';
import {
  addTo,
  budgetFigures,
  checkFigures,
  combineLatency,
  emptyTally,
  incidentFigures,
  type LatencyPart,
  meanTimes,
  round,
  type Tally,
  upRatio,
} from './report-figures.js';
import type { ReportPeriod } from './report-period.js';
import type { ResolvedScope } from './report-scope.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface ReportDeps {
  db: Kysely<MonitorDB>;
  settings: { get(): Promise<{ sla_target_percent: number; data_retention_days: number }> };
}

export interface ReportOptions {
  /** Overrides every monitor's target for this report. */
  slaTargetPercent?: number;
  now?: number;
}

interface Acc {
  all: Tally;
  maint: Tally;
  latency: LatencyPart[];
  locations: Map<string, { all: Tally; maint: Tally }>;
}

/**
 * Where raw results take over from daily roll-ups: the day the retention may have pruned up to (raw
 * results after it are all kept), but never past the daily watermark (days not rolled up yet are
 * read raw). 0 when nothing is rolled up: all of it is raw.
 */
async function rawFrom(deps: ReportDeps, now: number, retentionDays: number) {
  const dayMark = (await rollupsRepo.getMark(deps.db, 'rollup:day')) ?? 0;
  const cut = Math.ceil((now - retentionDays * DAY_MS) / DAY_MS) * DAY_MS;
  return Math.min(cut, dayMark);
}

/** Builds the report of `scope` over `period` from roll-ups and raw results (docs/reports.md). */
export async function buildReport(
  deps: ReportDeps,
  scope: ResolvedScope,
  period: ReportPeriod,
  opts: ReportOptions = {},
): Promise<SlaReport> {
  const now = opts.now ?? Date.now();
  const settings = await deps.settings.get();
  const monitors = await reportsRepo.monitors(deps.db, scope.monitorIds);
  const ids = monitors.map((m) => m.id);
  const from = period.from;
  const to = Math.min(period.to, now);
  const split = Math.max(from, Math.min(await rawFrom(deps, now, settings.data_retention_days), to));
  const spans = await maintenanceSpans(deps.db, ids, from, Math.max(from, to));
  const acc = new Map<number, Acc>(
    ids.map((id) => [id, { all: emptyTally(), maint: emptyTally(), latency: [], locations: new Map() }]),
  );

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
    for (const t of await reportsRepo.daySums(deps.db, ids, firstDay, split, [...special])) {
      const a = acc.get(t.monitor_id)!;
      addTo(a.all, t.checks, t.up_checks, t.degraded_checks);
      for (const k of ['p50', 'p95', 'p99'] as const) {
        const n = t[`n_${k}`];
        if (n > 0) a.latency.push({ count: n, p50: null, p95: null, p99: null, [k]: t[`s_${k}`] / n });
      }
    }
  }
  for (const b of await reportsRepo.dayBuckets(
    deps.db,
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
  for (const c of await reportsRepo.rawCounts(deps.db, ids, split, to)) {
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
    for (const c of await reportsRepo.rawCounts(deps.db, spanIds, span[0], span[1])) {
      const a = acc.get(c.monitor_id)!;
      addTo(a.maint, c.checks, c.up_checks, c.degraded_checks);
      addTo(location(a, c.location_id).maint, c.checks, c.up_checks, c.degraded_checks);
    }
  }
  const ranks = new Map<number, LatencyPart>();
  for (const r of await reportsRepo.rawPercentiles(deps.db, ids, split, to)) {
    const p = ranks.get(r.monitor_id) ?? { count: r.n, p50: null, p95: null, p99: null };
    if (r.rn === Math.floor((50 * r.n + 99) / 100)) p.p50 = r.ms;
    if (r.rn === Math.floor((95 * r.n + 99) / 100)) p.p95 = r.ms;
    if (r.rn === Math.floor((99 * r.n + 99) / 100)) p.p99 = r.ms;
    ranks.set(r.monitor_id, p);
  }
  for (const [id, p] of ranks) acc.get(id)!.latency.push(p);

  const incidents = new Map<number, ReturnType<typeof incidentFigures>[]>();
  for (const r of await reportsRepo.incidents(deps.db, ids, from, to)) {
    const list = incidents.get(r.monitor_id) ?? [];
    list.push(incidentFigures(r));
    incidents.set(r.monitor_id, list);
  }
  const names = new Map((await reportsRepo.locationNames(deps.db)).map((l) => [l.id, l.name]));

  const rows: ReportMonitor[] = monitors.map((m) => {
    const a = acc.get(m.id)!;
    const start = Math.min(Math.max(from, m.created_at), to);
    const monitoredMs = Math.max(0, to - start);
    const maintMs = overlapMs(spans.get(m.id) ?? [], start, to);
    const target = opts.slaTargetPercent ?? m.sla_target_percent ?? settings.sla_target_percent;
    const figures = checkFigures(a.all, a.maint);
    const list = incidents.get(m.id) ?? [];
    return {
      id: m.id,
      name: m.name,
      monitor_type: m.monitor_type,
      sla_target_percent: target,
      monitored_minutes: round(monitoredMs / MINUTE_MS, 2)!,
      maintenance_minutes: round(maintMs / MINUTE_MS, 2)!,
      ...figures,
      ...budgetFigures(upRatio(a.all, a.maint), (monitoredMs - maintMs) / MINUTE_MS, target),
      response_time_ms: combineLatency(a.latency),
      incidents: list,
      ...meanTimes(list),
      locations: [...a.locations.entries()]
        .map(([id, l]) => ({ id, name: names.get(id) ?? id, ...checkFigures(l.all, l.maint) }))
        .sort((x, y) => x.id.localeCompare(y.id)),
    };
  });

  const total = emptyTally();
  const maint = emptyTally();
  for (const a of acc.values()) {
    addTo(total, a.all.checks, a.all.up, a.all.degraded);
    addTo(maint, a.maint.checks, a.maint.up, a.maint.degraded);
  }
  const sum = checkFigures(total, maint);
  const allIncidents = rows.flatMap((r) => r.incidents);
  return {
    scope: { kind: scope.kind, id: scope.id, name: scope.name },
    period: {
      label: period.label,
      from: new Date(period.from).toISOString(),
      to: new Date(period.to).toISOString(),
      timezone: period.timezone,
    },
    generated_at: new Date(now).toISOString(),
    sources: { rollups_until: split > from ? new Date(split).toISOString() : null },
    summary: {
      monitors: rows.length,
      checks: sum.checks,
      uptime_percent: sum.uptime_percent,
      uptime_with_maintenance_percent: sum.uptime_with_maintenance_percent,
      downtime_minutes: round(
        rows.reduce((s, r) => s + (r.downtime_minutes ?? 0), 0),
        2,
      )!,
      incidents: allIncidents.length,
      ...meanTimes(allIncidents),
      sla_met: rows.filter((r) => r.sla_met === true).length,
      sla_missed: rows.filter((r) => r.sla_met === false).length,
    },
    monitors: rows,
  };
}
