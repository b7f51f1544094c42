// Health of a whole run: every function's, file's and the repository's score with its deductions,
// from pyscan's measures and whatever else the caller has (coverage, findings, clones, cycles).
import { moduleNames } from '../import-graph/index.js';
import type { FileAnalysis, FunctionMetrics } from '../types.js';
import { type Deduction, fileHealth, functionHealth, type HealthScore, repositoryHealth } from './score.js';

export { DEDUCTION_KINDS, type DeductionKind } from './rules.js';
export {
  type Deduction,
  type FileHealthInput,
  type FunctionHealthInput,
  fileHealth,
  functionHealth,
  type HealthScore,
  repositoryHealth,
} from './score.js';

export interface FunctionHealth {
  path: string;
  class: string;
  name: string;
  lineno: number;
  endline: number;
  health: number;
  deductions: Deduction[];
}

export interface HealthSection {
  health: number;
  deductions: Deduction[];
  files: { path: string; health: number; deductions: Deduction[] }[];
  functions: FunctionHealth[];
}

/** The optional evidence; each missing one is simply not a deduction. */
export interface HealthEvidence {
  /** Per path, the coverage of each function keyed `lineno:name`: statements and missed. */
  coverage?: ReadonlyMap<string, { lines: number; missed: number }> | null;
  /** Findings with their line and severity (pylint category or bandit severity). */
  findings?: readonly { path: string; line: number; severity: string }[] | null;
  /** Duplicated line ranges (clone occurrences), inclusive. */
  clones?: readonly { path: string; startLine: number; endLine: number }[] | null;
  /** Paths of files whose module is in an import cycle. */
  cyclePaths?: ReadonlySet<string> | null;
}

/** Paths of the files whose module is in one of `cycles` (module names as the import graph gives them). */
export function cyclePathsOf(
  paths: readonly string[],
  cycles: readonly { modules: string[] }[],
): Set<string> {
  const inCycle = new Set(cycles.flatMap((c) => c.modules));
  return new Set(
    moduleNames(paths)
      .filter((m) => inCycle.has(m.name))
      .map((m) => m.path),
  );
}

export const coverageKey = (path: string, lineno: number, name: string) => `${path}:${lineno}:${name}`;

function duplicatedIn(
  ranges: readonly { startLine: number; endLine: number }[],
  from: number,
  to: number,
): number {
  const lines = new Set<number>();
  for (const r of ranges) {
    for (let l = Math.max(from, r.startLine); l <= Math.min(to, r.endLine); l++) lines.add(l);
  }
  return lines.size;
}

/** The innermost function holding `line` (nested defs own their lines). */
function ownerOf(fns: readonly FunctionMetrics[], line: number): FunctionMetrics | null {
  let best: FunctionMetrics | null = null;
  for (const f of fns) {
    if (f.lineno <= line && line <= f.endline && (!best || f.lineno >= best.lineno)) best = f;
  }
  return best;
}

export function healthOfRun(results: readonly FileAnalysis[], ev: HealthEvidence = {}): HealthSection {
  const findingsByPath = new Map<string, { line: number; severity: string }[]>();
  for (const f of ev.findings ?? []) {
    const list = findingsByPath.get(f.path) ?? [];
    list.push(f);
    findingsByPath.set(f.path, list);
  }
  const clonesByPath = new Map<string, { startLine: number; endLine: number }[]>();
  for (const c of ev.clones ?? []) {
    const list = clonesByPath.get(c.path) ?? [];
    list.push(c);
    clonesByPath.set(c.path, list);
  }
  const files: HealthSection['files'] = [];
  const functions: FunctionHealth[] = [];
  const fileScores: { health: HealthScore; sloc: number }[] = [];
  for (const fa of results) {
    const path = fa.file.path;
    if (fa.file.parse_error) continue;
    const inCycle = ev.cyclePaths?.has(path) ?? false;
    const fileFindings = findingsByPath.get(path) ?? [];
    const perFn = new Map<FunctionMetrics, string[]>();
    const moduleLevel: string[] = [];
    for (const f of fileFindings) {
      const owner = ownerOf(fa.functions, f.line);
      if (owner) perFn.set(owner, [...(perFn.get(owner) ?? []), f.severity]);
      else moduleLevel.push(f.severity);
    }
    const clones = clonesByPath.get(path);
    const scored: { health: HealthScore; nloc: number }[] = [];
    for (const fn of fa.functions) {
      const span = fn.endline - fn.lineno + 1;
      const h = functionHealth({
        ...fn,
        duplication: ev.clones
          ? { lines: span, duplicated: clones ? duplicatedIn(clones, fn.lineno, fn.endline) : 0 }
          : null,
        coverage: ev.coverage?.get(coverageKey(path, fn.lineno, fn.name)) ?? null,
        findings: ev.findings ? (perFn.get(fn) ?? []) : null,
        inCycle,
      });
      scored.push({ health: h, nloc: fn.nloc });
      functions.push({ path, class: fn.class, name: fn.name, lineno: fn.lineno, endline: fn.endline, ...h });
    }
    const fh = fileHealth({ functions: scored, findings: moduleLevel, inCycle });
    files.push({ path, ...fh });
    fileScores.push({ health: fh, sloc: fa.file.sloc ?? 0 });
  }
  return { ...repositoryHealth(fileScores), files, functions };
}
