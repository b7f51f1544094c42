import type { Kysely } from 'kysely';
import type { ReportMonitor, SlaReport } from '../../shared-types/sla-report-shapes.js';
import { reportsRepo } from '../../store/repos/reports-repo.js';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { maintenanceSpans, overlapMs } from './maintenance-spans.js';
import {
  addTo,
  budgetFigures,
  checkFigures,
  combineLatency,
  emptyTally,
  incidentFigures,
  meanTimes,
  round,
  upRatio,
} from './report-figures.js';
import type { ReportPeriod } from './report-period.js';
import type { ResolvedScope } from './report-scope.js';
import { type Acc, emptyAcc, tallyRaw, tallyRollups } from './report-tallies.js';

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
  const acc = new Map<number, Acc>(ids.map((id) => [id, emptyAcc()]));

  await tallyRollups(deps.db, acc, spans, ids, from, split);
  await tallyRaw(deps.db, acc, spans, ids, split, to);

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
