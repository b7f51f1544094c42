import {
  type CoverageCounts,
  CoverageReportError,
  countRange,
  type FileCoverage,
  matchCoverage,
  readCoverageReport,
} from '@app/pyscan';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { coverageRepo } from '../../store/repos/coverage-repo.js';
import type { RunReads } from '../run-reads.js';

/** A function's coverage and its risk (complexity × commits × uncovered share). */
export interface FunctionCoverage extends CoverageCounts {
  path: string;
  name: string;
  class: string;
  lineno: number;
  complexity: number;
  /** Commits that changed the file (1 when the run has no history: complexity × uncovered then). */
  commits: number | null;
  risk: number;
}

/** New-code coverage: statements on the lines added or changed since `base_id`, and how many ran. */
export interface NewCodeCoverage {
  base_id: number;
  lines: number;
  covered: number;
  pct: number | null;
  /** Files whose text the base or the run did not store: their changes could not be told, so they are left out. */
  files_unknown: string[];
}

/** The lines of the run new since a base run (insights' new-lines.ts, passed in: it sits above the pipeline). */
export interface NewLinesSince {
  base_id: number;
  /** Per path: the new lines, or 'all' for a file new since the base; unchanged files absent. */
  files: ReadonlyMap<string, readonly number[] | 'all'>;
  unknown: string[];
}

/** A run's uploaded coverage joined to its files and functions. */
export interface RunCoverage extends CoverageCounts {
  format: string;
  files: ({ path: string } & CoverageCounts)[];
  functions: FunctionCoverage[];
  unmatched_report: string[];
  unmatched_analysed: string[];
  /** Null when the run has no base to measure new code against (absent on uploads from before). */
  new_code?: NewCodeCoverage | null;
}

async function doneRun(ctx: RunReads, id: number): Promise<void> {
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: coverage is joined once it is done`);
  }
}

/**
 * Reads coverage.py's report (`text`: Cobertura XML or JSON), joins it to the finished run's files
 * and functions and stores it (replacing an earlier upload). A report that cannot be read is a 422
 * and changes nothing.
 */
export async function uploadCoverage(
  ctx: RunReads,
  id: number,
  text: string,
  newSince: (() => Promise<NewLinesSince | null>) | null = null,
): Promise<RunCoverage> {
  await doneRun(ctx, id);
  let report: ReturnType<typeof readCoverageReport>;
  try {
    report = readCoverageReport(text);
  } catch (e) {
    if (e instanceof CoverageReportError) throw errors.validation_failed(e.message);
    throw e;
  }
  const [files, functions] = await Promise.all([
    coverageRepo.files(ctx.db, id),
    coverageRepo.functions(ctx.db, id),
  ]);
  const m = matchCoverage(
    report.files,
    files.map((f) => f.path),
  );
  const commits = new Map(files.map((f) => [f.path, f.revisions]));
  const perFile = files.flatMap((f) => {
    const c = m.matched.get(f.path);
    return c ? [{ path: f.path, ...countRange(c) }] : [];
  });
  const perFunction: FunctionCoverage[] = functions.flatMap((fn) => {
    const c = m.matched.get(fn.path);
    if (!c) return [];
    const counts = countRange(c, fn.lineno, fn.endline);
    const n = commits.get(fn.path) ?? null;
    const uncovered = counts.lines === 0 ? 0 : counts.missed / counts.lines;
    return [
      {
        path: fn.path,
        name: fn.name,
        class: fn.class_name,
        lineno: fn.lineno,
        complexity: fn.complexity,
        commits: n,
        ...counts,
        risk: fn.complexity * (n ?? 1) * uncovered,
      },
    ];
  });
  const sum = (k: 'covered' | 'missed' | 'branches' | 'branches_covered') =>
    perFile.reduce((t, f) => t + f[k], 0);
  const lines = sum('covered') + sum('missed');
  const result: RunCoverage = {
    format: report.format,
    lines,
    covered: sum('covered'),
    missed: sum('missed'),
    line_pct: lines === 0 ? null : (100 * sum('covered')) / lines,
    branches: sum('branches'),
    branches_covered: sum('branches_covered'),
    branch_pct: sum('branches') === 0 ? null : (100 * sum('branches_covered')) / sum('branches'),
    files: perFile,
    functions: perFunction,
    unmatched_report: m.unmatchedReport,
    unmatched_analysed: m.unmatchedAnalysed,
    new_code: null,
  };
  const since = newSince ? await newSince() : null;
  if (since) result.new_code = newCodeCoverage(since, m.matched);
  await coverageRepo.put(ctx.db, id, JSON.stringify(result), Date.now());
  return result;
}

/** Statements on new lines and how many of them ran (a line that is no statement does not count). */
function newCodeCoverage(since: NewLinesSince, matched: ReadonlyMap<string, FileCoverage>): NewCodeCoverage {
  let lines = 0;
  let covered = 0;
  for (const [path, changed] of since.files) {
    const f = matched.get(path);
    if (!f) continue;
    const isNew =
      changed === 'all'
        ? () => true
        : (
            (set) => (n: number) =>
              set.has(n)
          )(new Set(changed));
    const c = f.covered.filter(isNew).length;
    covered += c;
    lines += c + f.missed.filter(isNew).length;
  }
  return {
    base_id: since.base_id,
    lines,
    covered,
    pct: lines === 0 ? null : (100 * covered) / lines,
    files_unknown: since.unknown,
  };
}

/** The stored coverage; 404 when none was uploaded. */
export async function getCoverage(ctx: RunReads, id: number): Promise<RunCoverage> {
  await doneRun(ctx, id);
  const payload = await coverageRepo.get(ctx.db, id);
  if (payload === null)
    throw errors.coverage_missing(`analysis ${id} has no coverage: POST a coverage.py report first`);
  return JSON.parse(payload) as RunCoverage;
}

/**
 * The risk view: functions by complexity × commits × uncovered share, riskiest first (the
 * CodeScene/SonarQube question: complex, changing and untested). Fully covered functions score 0.
 */
export async function riskView(
  ctx: RunReads,
  id: number,
  limit: number,
): Promise<{ items: FunctionCoverage[] }> {
  const c = await getCoverage(ctx, id);
  const items = [...c.functions]
    .filter((f) => f.risk > 0)
    .sort((a, b) => b.risk - a.risk || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.lineno - b.lineno))
    .slice(0, limit);
  return { items };
}
