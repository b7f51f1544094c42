// The arithmetic of a report, pure: counts in, figures out. The formulas are docs/reports.md's.
import type { ReportIncident } from '../../shared-types/sla-report-shapes.js';
import type { ReportIncidentRow } from '../../store/repos/reports-repo.js';

/** Checks, up checks and degraded checks (fractional where a roll-up is prorated). */
export interface Tally {
  checks: number;
  up: number;
  degraded: number;
}

export const emptyTally = (): Tally => ({ checks: 0, up: 0, degraded: 0 });

export function addTo(t: Tally, checks: number, up: number, degraded: number, share = 1) {
  t.checks += checks * share;
  t.up += up * share;
  t.degraded += degraded * share;
}

/** A part's latency percentiles and how many response times it holds. */
export interface LatencyPart {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export const round = (v: number | null, digits: number) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;
const pct = (num: number, den: number) => (den > 0 ? round((100 * num) / den, 3) : null);

/** Uptime and counts of a monitor or location: `all` is every check, `maint` those in maintenance. */
export function checkFigures(all: Tally, maint: Tally) {
  const checks = all.checks - maint.checks;
  const up = all.up - maint.up;
  return {
    checks: round(all.checks, 2)!,
    maintenance_checks: round(maint.checks, 2)!,
    down_checks: round(checks - up, 2)!,
    degraded_checks: round(all.degraded - maint.degraded, 2)!,
    uptime_percent: pct(up, checks),
    uptime_with_maintenance_percent: pct(all.up, all.checks),
    degraded_percent: pct(all.degraded - maint.degraded, checks),
  };
}

/**
 * Percentiles over several parts: one part's are its own; several parts' are the count-weighted mean
 * of theirs (percentiles do not add up; the uptime API's p95 does the same).
 */
export function combineLatency(parts: LatencyPart[]) {
  const pick = (k: 'p50' | 'p95' | 'p99') => {
    const with_ = parts.filter((p) => p.count > 0 && p[k] !== null);
    const n = with_.reduce((s, p) => s + p.count, 0);
    return n ? round(with_.reduce((s, p) => s + p[k]! * p.count, 0) / n, 1) : null;
  };
  return { p50: pick('p50'), p95: pick('p95'), p99: pick('p99') };
}

/** The share of checks outside maintenance that were up (null: none), unrounded. */
export function upRatio(all: Tally, maint: Tally): number | null {
  const checks = all.checks - maint.checks;
  return checks > 0 ? (all.up - maint.up) / checks : null;
}

/** Time-based figures from the up ratio: downtime and the error budget, in minutes. */
export function budgetFigures(ratio: number | null, minutesOutsideMaintenance: number, target: number) {
  if (ratio === null) {
    return {
      downtime_minutes: null,
      error_budget_minutes: null,
      error_budget_left_minutes: null,
      error_budget_left_percent: null,
      sla_met: null,
    };
  }
  const downtime = (1 - ratio) * minutesOutsideMaintenance;
  const budget = (1 - target / 100) * minutesOutsideMaintenance;
  const left = budget - downtime;
  return {
    downtime_minutes: round(downtime, 2),
    error_budget_minutes: round(budget, 2),
    error_budget_left_minutes: round(left, 2),
    error_budget_left_percent: budget > 0 ? round((100 * left) / budget, 2) : null,
    sla_met: 100 * ratio >= target,
  };
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** An incident for the report, with its duration and time to acknowledge. */
export function incidentFigures(r: ReportIncidentRow): ReportIncident {
  return {
    id: r.id,
    severity: r.severity,
    started_at: iso(r.started_at)!,
    resolved_at: iso(r.resolved_at),
    duration_seconds: r.resolved_at === null ? null : Math.round((r.resolved_at - r.started_at) / 1000),
    acknowledged_at: iso(r.acknowledged_at),
    time_to_acknowledge_seconds:
      r.acknowledged_at === null ? null : Math.round((r.acknowledged_at - r.started_at) / 1000),
  };
}

/** MTTA over the acknowledged incidents, MTTR over the resolved ones (seconds). */
export function meanTimes(list: readonly ReportIncident[]) {
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((s, x) => s + x, 0) / xs.length, 1) : null);
  return {
    mtta_seconds: mean(
      list.flatMap((i) => (i.time_to_acknowledge_seconds === null ? [] : [i.time_to_acknowledge_seconds])),
    ),
    mttr_seconds: mean(list.flatMap((i) => (i.duration_seconds === null ? [] : [i.duration_seconds]))),
  };
}
