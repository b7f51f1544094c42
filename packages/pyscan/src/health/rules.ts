// The health score's deduction rules (docs/code-health.md, "Health score"): each measure has a
// threshold it may reach for free, a cost per unit past it and a cap, so one bad habit cannot sink a
// function alone and the itemised list explains the whole distance from 10.

/** The kinds of deduction, in the order they are listed. */
export const DEDUCTION_KINDS = [
  'complexity',
  'cognitive',
  'nesting',
  'length',
  'parameters',
  'duplication',
  'coverage',
  'findings',
  'cycles',
] as const;

export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

/** A linear rule: `per` points for each unit above `free`, at most `cap`. */
export interface LinearRule {
  free: number;
  per: number;
  cap: number;
}

/**
 * Thresholds follow the tools people already gate on: radon/McCabe's rank C starts at 11, SonarQube's
 * cognitive rule at 15, Linux's "3 levels of indentation", clean-code's 50-line and 5-parameter limits.
 */
export const LINEAR_RULES: Readonly<
  Record<'complexity' | 'cognitive' | 'nesting' | 'length' | 'parameters', LinearRule>
> = {
  complexity: { free: 10, per: 0.25, cap: 3 },
  cognitive: { free: 15, per: 0.2, cap: 3 },
  nesting: { free: 3, per: 1, cap: 2 },
  length: { free: 50, per: 0.04, cap: 2 },
  parameters: { free: 5, per: 0.5, cap: 2 },
};

/** Duplicated share of the lines (0–1) × 2, at most 2. */
export const DUPLICATION_WEIGHT = 2;
/** Uncovered statement share (0–1) × 2, at most 2: untested code is a risk, not a defect. */
export const COVERAGE_WEIGHT = 2;
/** Points per finding by severity (pylint's categories and bandit's severities), at most 3 in all. */
export const FINDING_POINTS: Readonly<Record<string, number>> = {
  fatal: 1.5,
  error: 1,
  high: 1,
  warning: 0.5,
  medium: 0.5,
  refactor: 0.2,
  convention: 0.1,
  low: 0.1,
  info: 0,
};
export const FINDINGS_CAP = 3;
/** A module in an import cycle: its file and every function in it. */
export const CYCLE_POINTS = 1;

export const BEST = 10;
export const WORST = 1;

export function linear(value: number, rule: LinearRule): number {
  return Math.min(rule.cap, Math.max(0, value - rule.free) * rule.per);
}

/** Two decimals: the deductions are sums of quarters and fifths, not measurements. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
