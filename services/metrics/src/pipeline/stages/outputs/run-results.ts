import type { CodeHealth } from '@app/pyscan';
import type { HistoryRun } from '../../history/git-history.js';
import { computeInsights } from '../../insights/compute-insights.js';
import { buildResults, type RunResults } from '../../results/build-results.js';
import type { Cloned } from '../clone-stage.js';
import type { Linted } from '../lint/lint-stage.js';
import type { Measured } from '../measure-stage.js';
import type { RunScope } from '../run-scope.js';
import type { OutputNameInput } from './output-files.js';

/** What the outputs stage makes a run's results and files of. */
export interface OutputsInput {
  clone: Pick<Cloned, 'commitSha' | 'treeSha' | 'refUsed'>;
  measured: Pick<Measured, 'analyses' | 'pyscan'>;
  linted: Linted;
  history: HistoryRun | null;
  /** The code-health step's document (typing, docstrings, imports, cycles, contracts). */
  codeHealth: CodeHealth | null;
}

/** The run's results: pyscan's, pylint's, the history's and the clone groups joined per file, and the summary. */
export function runResults(run: RunScope, i: OutputsInput, linted: Linted): RunResults {
  const { row, startedAt } = run;
  const { analyses } = i.measured;
  return buildResults({
    analysisId: row.id,
    repoUrl: row.repo_url,
    ref: i.clone.refUsed,
    commitSha: i.clone.commitSha,
    analyses,
    pylint: linted.pylint.results,
    security: linted.pylint.security,
    history: i.history?.files ?? null,
    insights: computeInsights(analyses, i.history),
    sources: linted.sources,
    duplication: linted.duplication,
    codeHealth: i.codeHealth,
    startedAt,
    now: Date.now(),
  });
}

/** What names the run's output folder. */
export function nameParts(run: RunScope, clone: Pick<Cloned, 'refUsed' | 'commitSha'>): OutputNameInput {
  const { row } = run;
  return {
    repo: row.repo,
    startedAt: new Date(run.startedAt),
    ref: row.ref ?? row.branch ?? clone.refUsed,
    analysisId: row.id,
    commitSha: clone.commitSha,
  };
}

/** The rows an identical re-run's copy must find: its findings, one source per file, its clone groups. */
export function copiedCounts(r: RunResults): { findings: number; sources: number; groups: number } {
  return {
    findings: r.code.findings.length,
    sources: r.analyses.length,
    groups: r.clones?.groups.length ?? 0,
  };
}
