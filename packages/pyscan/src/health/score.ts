// The health score: pure functions from measures to a 1–10 score with its itemised deductions.
import {
  BEST,
  COVERAGE_WEIGHT,
  CYCLE_POINTS,
  DEDUCTION_KINDS,
  type DeductionKind,
  DUPLICATION_WEIGHT,
  FINDING_POINTS,
  FINDINGS_CAP,
  LINEAR_RULES,
  linear,
  round2,
  WORST,
} from './rules.js';

/** One reason the score is below 10: its kind, the points it costs and the value that caused it. */
export interface Deduction {
  kind: DeductionKind;
  points: number;
  /** What was measured, for people: "cc 14 > 10", "2 of 10 lines duplicated". */
  detail: string;
}

export interface HealthScore {
  /** 1–10, one decimal: 10 minus the deductions, never below 1. */
  health: number;
  deductions: Deduction[];
}

/** What the score of one function reads; optional measures are left out of the score when absent. */
export interface FunctionHealthInput {
  complexity: number;
  cognitive: number;
  max_nesting: number;
  nloc: number;
  params: number;
  /** Lines of the function covered by a clone, and its lines (endline − lineno + 1). */
  duplication?: { lines: number; duplicated: number } | null;
  /** Statements and missed statements from a coverage report. */
  coverage?: { lines: number; missed: number } | null;
  /** Severities of the findings inside the function (pylint category or bandit severity). */
  findings?: readonly string[] | null;
  /** The function's module is in an import cycle. */
  inCycle?: boolean;
}

function finish(deductions: Deduction[]): HealthScore {
  const kept = deductions.filter((d) => d.points > 0).map((d) => ({ ...d, points: round2(d.points) }));
  const total = kept.reduce((s, d) => s + d.points, 0);
  return { health: Math.max(WORST, Math.round((BEST - total) * 10) / 10), deductions: kept };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function functionHealth(f: FunctionHealthInput): HealthScore {
  const d: Deduction[] = [];
  const lin = (kind: keyof typeof LINEAR_RULES, value: number, label: string) => {
    const rule = LINEAR_RULES[kind];
    d.push({ kind, points: linear(value, rule), detail: `${label} ${value} > ${rule.free}` });
  };
  lin('complexity', f.complexity, 'cyclomatic complexity');
  lin('cognitive', f.cognitive, 'cognitive complexity');
  lin('nesting', f.max_nesting, 'nesting');
  lin('length', f.nloc, 'lines of code');
  lin('parameters', f.params, 'parameters');
  if (f.duplication && f.duplication.lines > 0) {
    const share = Math.min(1, f.duplication.duplicated / f.duplication.lines);
    d.push({
      kind: 'duplication',
      points: share * DUPLICATION_WEIGHT,
      detail: `${f.duplication.duplicated} of ${f.duplication.lines} lines duplicated`,
    });
  }
  if (f.coverage && f.coverage.lines > 0) {
    const share = f.coverage.missed / f.coverage.lines;
    d.push({
      kind: 'coverage',
      points: share * COVERAGE_WEIGHT,
      detail: `${pct(share)} of ${f.coverage.lines} statements not covered`,
    });
  }
  if (f.findings && f.findings.length > 0) {
    const counts = new Map<string, number>();
    let points = 0;
    for (const s of f.findings) {
      const key = s.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      points += FINDING_POINTS[key] ?? 0;
    }
    const detail = [...counts].map(([s, n]) => `${n} ${s}`).join(', ');
    d.push({ kind: 'findings', points: Math.min(FINDINGS_CAP, points), detail: `findings: ${detail}` });
  }
  if (f.inCycle) d.push({ kind: 'cycles', points: CYCLE_POINTS, detail: 'module is in an import cycle' });
  return finish(d);
}

/** A file: its functions' scores and what belongs to the file itself. */
export interface FileHealthInput {
  /** Each function's score and weight (its nloc; at least 1). */
  functions: readonly { health: HealthScore; nloc: number }[];
  /** Findings outside every function (module level), by severity. */
  findings?: readonly string[] | null;
  inCycle?: boolean;
}

/**
 * Weighted mean of the parts' deductions, per kind: a long unhealthy function weighs more than a
 * short healthy one, and the file's list still adds up to its distance from 10.
 */
function meanDeductions(parts: readonly { health: HealthScore; weight: number }[]): Deduction[] {
  const total = parts.reduce((s, p) => s + Math.max(1, p.weight), 0);
  if (total === 0) return [];
  const out: Deduction[] = [];
  for (const kind of DEDUCTION_KINDS) {
    let points = 0;
    let hit = 0;
    for (const p of parts) {
      const ded = p.health.deductions.find((x) => x.kind === kind);
      if (!ded) continue;
      points += ded.points * Math.max(1, p.weight);
      hit++;
    }
    if (hit > 0) out.push({ kind, points: points / total, detail: `${hit} of ${parts.length} affected` });
  }
  return out;
}

export function fileHealth(f: FileHealthInput): HealthScore {
  const d = meanDeductions(f.functions.map((x) => ({ health: x.health, weight: x.nloc })));
  // A module in a cycle loses the cycle point once, whether or not it has functions.
  const cyc = d.findIndex((x) => x.kind === 'cycles');
  if (cyc >= 0) d.splice(cyc, 1);
  if (f.findings && f.findings.length > 0) {
    const module = functionHealth({
      complexity: 0,
      cognitive: 0,
      max_nesting: 0,
      nloc: 0,
      params: 0,
      findings: f.findings,
    });
    const own = module.deductions[0];
    if (own) {
      const fnFindings = d.find((x) => x.kind === 'findings');
      if (fnFindings) {
        fnFindings.points = Math.min(FINDINGS_CAP, fnFindings.points + own.points);
        fnFindings.detail += `; module level ${own.detail}`;
      } else d.push({ ...own, detail: `module level ${own.detail}` });
    }
  }
  if (f.inCycle) d.push({ kind: 'cycles', points: CYCLE_POINTS, detail: 'module is in an import cycle' });
  d.sort((a, b) => DEDUCTION_KINDS.indexOf(a.kind) - DEDUCTION_KINDS.indexOf(b.kind));
  return finish(d);
}

/** The repository: its files' deductions averaged, weighted by their source lines. */
export function repositoryHealth(files: readonly { health: HealthScore; sloc: number }[]): HealthScore {
  return finish(meanDeductions(files.map((x) => ({ health: x.health, weight: x.sloc }))));
}
