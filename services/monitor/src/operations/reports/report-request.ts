import { errors } from '../../errors.js';
import type { ReportScopeKind, SlaReport } from '../../shared-types/sla-report-shapes.js';
import { parsePeriod } from './report-period.js';
import { resolveScope } from './report-scope.js';
import { buildReport, type ReportDeps } from './sla-report.js';

/** A report request as the API's query string, a schedule and a share link hold it. */
export interface ReportQuery {
  scope?: ReportScopeKind;
  scope_id?: number;
  period?: string;
  from?: string;
  to?: string;
  timezone?: string;
  sla_target_percent?: number;
}

/** Checks a request without running it: the period and the scope's id (422 naming the field). */
export function assertReportQuery(q: ReportQuery) {
  const period = parsePeriod(q);
  const problems = Array.isArray(period) ? [...period] : [];
  if ((q.scope ?? 'all') !== 'all' && q.scope_id === undefined)
    problems.push(['scope_id', `is required for scope ${q.scope}`]);
  if ((q.scope ?? 'all') === 'all' && q.scope_id !== undefined)
    problems.push(['scope_id', 'must be absent for scope all']);
  if (problems.length) {
    throw errors.validation_failed(problems.map(([p, m]) => `${p} ${m}`).join('; '), {
      errors: problems.map(([path, message]) => ({ path, message })),
    });
  }
  return period as Exclude<typeof period, unknown[]>;
}

/** The report a request asks for; 422 for a bad request, 404 when its scope does not exist. */
export async function reportFor(deps: ReportDeps, q: ReportQuery, now = Date.now()): Promise<SlaReport> {
  const period = assertReportQuery(q);
  const scope = await resolveScope(deps.db, q);
  if (!scope)
    throw errors.not_found(`The report's ${q.scope?.replace('_', ' ')} ${q.scope_id} does not exist.`);
  return buildReport(deps, scope, period, {
    now,
    ...(q.sla_target_percent !== undefined && { slaTargetPercent: q.sla_target_percent }),
  });
}
