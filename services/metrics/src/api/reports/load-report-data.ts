import type { AppContext } from '../../context.js';
import { errors } from '../../errors.js';
import { ensureRows } from '../../history-runs/lazy-rows.js';
import { coupling, hotspots, knowledge } from '../../insights/insights-service.js';
import { verdictOf } from '../../insights/quality-gate/gate-service.js';
import type { ReportData, ReportSummary } from '../../outputs/reports/index.js';
import { getRunHealth } from '../../pipeline/health/health-service.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { runReads } from '../run-reads.js';

/** How many of the most complex functions the report lists. */
const WORST_FUNCTIONS = 15;
const REPORT_HOTSPOTS = 15;
const REPORT_PAIRS = 10;
const LEAST_HEALTHY = 10;

/** Reads what the PDF and the share card need of a finished run; 404 if unknown, 409 if not done. */
export async function loadReportData(ctx: AppContext, id: number): Promise<ReportData> {
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done' || !row.summary) {
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: its report exists once it is done`);
  }
  await ensureRows(ctx, row);
  const summary = JSON.parse(row.summary) as ReportSummary;
  const files = await ctx.db
    .selectFrom('file_metrics')
    .select(['path', 'loc', 'cc_total', 'cc_avg', 'cc_max', 'mi', 'pylint_score', 'revisions'])
    .where('analysis_id', '=', id)
    .orderBy('path')
    .execute();
  const fns = await ctx.db
    .selectFrom('function_metrics')
    .select(['path', 'class_name', 'name', 'lineno', 'complexity', 'cognitive', 'rank'])
    .where('analysis_id', '=', id)
    .orderBy('complexity', 'desc')
    .orderBy('cognitive', 'desc')
    .orderBy('path')
    .limit(WORST_FUNCTIONS)
    .execute();
  const [hot, pairs, know, verdict, health] = await Promise.all([
    hotspots(ctx, id, { limit: REPORT_HOTSPOTS }),
    coupling(ctx, id, { limit: REPORT_PAIRS }),
    knowledge(ctx, id),
    verdictOf(ctx, id),
    // Runs from before code health was measured have none (a 404 there): no section.
    getRunHealth(runReads(ctx), id).catch(() => null),
  ]);
  const numbers = summary as unknown as Record<string, number | null | undefined>;
  return {
    id: row.id,
    repoUrl: row.repo_url,
    ref: row.ref ?? row.branch ?? row.ref_used,
    commit: row.commit_sha,
    analysedAt: new Date(row.finished_at ?? row.created_at).toISOString(),
    summary,
    files,
    worstFunctions: fns.map((f) => ({ ...f, class: f.class_name })),
    ...(health
      ? {
          codeHealth: {
            score: health,
            numbers: Object.fromEntries(
              (
                [
                  'coverage',
                  'new_coverage',
                  'typed',
                  'documented',
                  'cycles',
                  'contracts',
                  'security_findings',
                ] as const
              ).map((k) => [k, numbers[k] ?? null]),
            ),
            leastHealthy: [...health.functions]
              .filter((f) => f.health < 10)
              .sort((a, b) => a.health - b.health || a.path.localeCompare(b.path) || a.lineno - b.lineno)
              .slice(0, LEAST_HEALTHY),
          },
        }
      : {}),
    ...(verdict
      ? {
          gate: {
            status: verdict.status,
            conditions: verdict.gate.conditions,
            failures: verdict.conditions
              .filter((c) => c.status === 'failed')
              .map(
                (c) =>
                  `${c.condition}: ${c.value}${c.failing_items === null ? '' : ` (${c.failing_items} item${c.failing_items === 1 ? '' : 's'})`}, limit ${c.limit}`,
              ),
          },
        }
      : {}),
    insights: {
      available: hot.history.available,
      reason: hot.history.reason,
      commitsRead: hot.history.commits_read,
      busFactor: know.bus_factor,
      authorsTotal: know.authors_total,
      atRisk: know.at_risk.length,
      hotspots: hot.items,
      pairs: pairs.items,
    },
  };
}
