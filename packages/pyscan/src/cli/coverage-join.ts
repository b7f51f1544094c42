// --coverage FILE: a coverage.py report (Cobertura XML or JSON) joined to the measured files and
// functions, and, under --diff, the new code's coverage (statements on lines changed since the ref).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type CoverageCounts,
  CoverageReportError,
  countRange,
  matchCoverage,
  readCoverageReport,
} from '../coverage/index.js';
import type { FileAnalysis } from '../types.js';
import type { ChangeSet } from './diff.js';
import { UsageError } from './exit-codes.js';

export interface CoverageSection extends CoverageCounts {
  report: string;
  format: string;
  files: ({ path: string } & CoverageCounts)[];
  functions: ({
    path: string;
    name: string;
    class: string;
    lineno: number;
    endline: number;
  } & CoverageCounts)[];
  unmatched_report: string[];
  unmatched_analysed: string[];
  /** Under --diff: statements on changed lines, and how many ran; null without --diff. */
  new_code: { lines: number; covered: number; pct: number | null } | null;
}

export function joinCoverage(
  file: string,
  cwd: string,
  results: readonly FileAnalysis[],
  changes: ChangeSet | null,
  absOf: (rel: string) => string | undefined,
): CoverageSection {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read --coverage ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let report: ReturnType<typeof readCoverageReport>;
  try {
    report = readCoverageReport(text);
  } catch (e) {
    if (e instanceof CoverageReportError) throw new UsageError(`--coverage ${file}: ${e.message}`);
    throw e;
  }
  const m = matchCoverage(
    report.files,
    results.map((r) => r.file.path),
  );
  const files: CoverageSection['files'] = [];
  const functions: CoverageSection['functions'] = [];
  let newLines = 0;
  let newCovered = 0;
  for (const r of results) {
    const f = m.matched.get(r.file.path);
    if (!f) continue;
    files.push({ path: r.file.path, ...countRange(f) });
    for (const fn of r.functions) {
      functions.push({
        path: fn.path,
        name: fn.name,
        class: fn.class,
        lineno: fn.lineno,
        endline: fn.endline,
        ...countRange(f, fn.lineno, fn.endline),
      });
    }
    const abs = absOf(r.file.path);
    const change = changes && abs ? changes.files.get(abs) : undefined;
    if (change) {
      const ranges = change === 'all' ? [[1, Number.MAX_SAFE_INTEGER] as [number, number]] : change;
      for (const [from, to] of ranges) {
        const c = countRange(f, from, to);
        newLines += c.lines;
        newCovered += c.covered;
      }
    }
  }
  const sum = (k: 'covered' | 'missed' | 'branches' | 'branches_covered') =>
    files.reduce((n, f) => n + f[k], 0);
  const lines = sum('covered') + sum('missed');
  const branches = sum('branches');
  return {
    report: file,
    format: report.format,
    lines,
    covered: sum('covered'),
    missed: sum('missed'),
    line_pct: lines === 0 ? null : (100 * sum('covered')) / lines,
    branches,
    branches_covered: sum('branches_covered'),
    branch_pct: branches === 0 ? null : (100 * sum('branches_covered')) / branches,
    files,
    functions,
    unmatched_report: m.unmatchedReport,
    unmatched_analysed: m.unmatchedAnalysed,
    new_code: changes
      ? { lines: newLines, covered: newCovered, pct: newLines === 0 ? null : (100 * newCovered) / newLines }
      : null,
  };
}
