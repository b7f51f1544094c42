// A coverage report uploaded for a finished run (issue 35), and everything it changes: the coverage
// joined to the run (with new-code coverage against a base run), the stored health score, the
// summary's coverage, new_coverage and health (so trends, compare and the gate read them), the run's
// CSVs and ZIP, and the quality gate's verdict.
import { toCsv } from '@app/pyscan';
import { resolveBase } from '../../insights/new-code/new-code-service.js';
import { newLinesSince } from '../../insights/new-code/new-lines.js';
import { baseRunOf, evaluateRun } from '../../insights/quality-gate/gate-service.js';
import { getCodeHealth } from '../../pipeline/code-health/code-health-service.js';
import type { RunCoverage } from '../../pipeline/coverage/coverage-service.js';
import { uploadCoverage } from '../../pipeline/coverage/coverage-service.js';
import { computeRunHealth } from '../../pipeline/health/health-service.js';
import { round2 } from '../../pipeline/health/run-health.js';
import { SUMMARY_CSV_COLUMNS } from '../../pipeline/results/build-results.js';
import type { RunReads } from '../../pipeline/run-reads.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { healthRepo } from '../../store/repos/health-repo.js';
import { runSummaryRepo } from '../../store/repos/run-summary-repo.js';
import { codeHealthCsvs } from './code-health-csvs.js';
import { neutraliseRow } from './csv-cells.js';
import { refreshOutputs } from './refresh-outputs.js';
import { LEVEL_FILES } from './write-outputs.js';

/**
 * Joins and stores the report, then brings the run's health, summary, outputs and verdict up to date.
 * `base` (a run id or commit, as the new-code view takes it) names what new code is measured against;
 * without it, the run's own new-code base (a forge run's), else the previous run of its series.
 */
export async function uploadRunCoverage(
  ctx: RunReads,
  id: number,
  text: string,
  base?: string,
): Promise<RunCoverage> {
  const row = await getAnalysis(ctx, id);
  const coverage = await uploadCoverage(ctx, id, text, async () => {
    const baseId = base === undefined ? await baseRunOf(ctx, row) : await resolveBase(ctx, id, base);
    if (baseId === null) return null;
    const lines = await newLinesSince(ctx, id, baseId);
    return { base_id: baseId, ...lines };
  });
  // Runs from before code health was measured have no score to update.
  const codeHealth = await getCodeHealth(ctx, id).catch(() => null);
  const health = codeHealth ? await computeRunHealth(ctx, id) : null;
  if (health) await healthRepo.put(ctx.db, id, JSON.stringify(health));
  const summary = await runSummaryRepo.update(ctx.db, id, {
    coverage: round2(coverage.line_pct),
    new_coverage: round2(coverage.new_code?.pct),
    ...(health ? { health: health.health } : {}),
  });
  if (summary && health) {
    const csv = (columns: readonly string[], rows: object[]) => toCsv(columns, rows.map(neutraliseRow));
    const changed = new Map<string, string>([
      [LEVEL_FILES.summary, csv(SUMMARY_CSV_COLUMNS, [summary])],
      ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ]);
    for (const [file, columns, rows] of codeHealthCsvs(health, codeHealth, coverage)) {
      changed.set(file, csv(columns, rows));
    }
    await refreshOutputs(ctx.db, id, changed);
  }
  // The upload stands whatever the gate does: a gate that cannot be judged now keeps its earlier verdict.
  await evaluateRun(ctx, id).catch(() => null);
  return coverage;
}
