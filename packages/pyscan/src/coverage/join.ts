// A coverage report joined to the analysed files and functions: paths matched, lines and branches
// counted per file and per function (its lines lineno..endline, nested defs included, as radon's
// spans are), and the unmatched paths listed on both sides.
import type { FileCoverage } from './report.js';

export interface CoverageCounts {
  lines: number;
  covered: number;
  missed: number;
  /** covered / lines in percent; null with no statements. */
  line_pct: number | null;
  branches: number;
  branches_covered: number;
  branch_pct: number | null;
}

export interface CoverageMatch {
  /** Analysed path → the report's file. */
  matched: Map<string, FileCoverage>;
  /** Report paths no analysed file matched. */
  unmatchedReport: string[];
  /** Analysed files the report does not name. */
  unmatchedAnalysed: string[];
}

const norm = (p: string): string => p.replace(/\\/g, '/').replace(/^\.\//, '');

/**
 * Matches report paths to analysed paths: equal, or one a suffix of the other on a folder boundary
 * (a report made in `src/` or with absolute paths still matches); the longest match wins, and a report
 * path matching two analysed files equally well is left unmatched rather than guessed.
 */
export function matchCoverage(report: readonly FileCoverage[], analysed: readonly string[]): CoverageMatch {
  const matched = new Map<string, FileCoverage>();
  const unmatchedReport: string[] = [];
  for (const f of report) {
    const p = norm(f.path);
    let best: string[] = [];
    let bestLen = -1;
    for (const a of analysed) {
      const ok = a === p || p.endsWith(`/${a}`) || a.endsWith(`/${p}`);
      if (!ok) continue;
      const len = Math.min(a.length, p.length);
      if (len > bestLen) {
        best = [a];
        bestLen = len;
      } else if (len === bestLen) best.push(a);
    }
    if (best.length === 1 && !matched.has(best[0]!)) matched.set(best[0]!, f);
    else unmatchedReport.push(f.path);
  }
  const unmatchedAnalysed = analysed.filter((a) => !matched.has(a));
  return { matched, unmatchedReport, unmatchedAnalysed };
}

/** Counts of the lines `from..to` (inclusive) of a file's coverage. */
export function countRange(f: FileCoverage, from = 1, to = Number.MAX_SAFE_INTEGER): CoverageCounts {
  const inRange = (n: number) => n >= from && n <= to;
  const covered = f.covered.filter(inRange).length;
  const missed = f.missed.filter(inRange).length;
  let branches = 0;
  let branchesCovered = 0;
  for (const [line, [c, t]] of f.branches) {
    if (!inRange(line)) continue;
    branches += t;
    branchesCovered += c;
  }
  const lines = covered + missed;
  return {
    lines,
    covered,
    missed,
    line_pct: lines === 0 ? null : (100 * covered) / lines,
    branches,
    branches_covered: branchesCovered,
    branch_pct: branches === 0 ? null : (100 * branchesCovered) / branches,
  };
}
