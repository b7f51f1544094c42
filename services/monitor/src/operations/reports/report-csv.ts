import { toCsv } from '@app/kit/csv';
import type { SlaReport } from '../../shared-types/sla-report-shapes.js';

/** The CSV's columns, one row per monitor (docs/reports.md says what each is). */
export const REPORT_CSV_COLUMNS = [
  'monitor_id',
  'name',
  'monitor_type',
  'period_from',
  'period_to',
  'timezone',
  'sla_target_percent',
  'sla_met',
  'uptime_percent',
  'uptime_with_maintenance_percent',
  'degraded_percent',
  'checks',
  'maintenance_checks',
  'down_checks',
  'degraded_checks',
  'monitored_minutes',
  'maintenance_minutes',
  'downtime_minutes',
  'error_budget_minutes',
  'error_budget_left_minutes',
  'error_budget_left_percent',
  'incidents',
  'mtta_seconds',
  'mttr_seconds',
  'p50_ms',
  'p95_ms',
  'p99_ms',
] as const;

/** The report as CSV (RFC 4180), one row per monitor. */
export function reportCsv(r: SlaReport): string {
  return toCsv(
    REPORT_CSV_COLUMNS,
    r.monitors.map((m) => ({
      ...m,
      monitor_id: m.id,
      period_from: r.period.from,
      period_to: r.period.to,
      timezone: r.period.timezone,
      incidents: m.incidents.length,
      p50_ms: m.response_time_ms.p50,
      p95_ms: m.response_time_ms.p95,
      p99_ms: m.response_time_ms.p99,
    })),
  );
}

/** A file name for the report's downloads: scope and period, safe in a Content-Disposition header. */
export function reportFileName(r: SlaReport, ext: 'csv' | 'pdf'): string {
  const slug = `${r.scope.name}-${r.period.label}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `sla-report-${slug || 'report'}.${ext}`;
}
