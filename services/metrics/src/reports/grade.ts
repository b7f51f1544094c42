// The letter grade of a run, shown on the share card, in the PDF and on the dashboard. Pure and free of
// imports so the web UI bundles the very same rule.

/** The summary fields the grade reads (pyscan's summary row names). */
export interface GradeInput {
  functions?: number | null;
  cc_avg?: number | null;
  mi_avg?: number | null;
  pylint_avg?: number | null;
  cc_rank_a?: number | null;
  cc_rank_b?: number | null;
}

/** A 0–100 score and its letter. */
export interface Grade {
  score: number;
  /** `–` when the run has none of the parts (no functions, no MI, no pylint): no grade is invented. */
  letter: 'A' | 'B' | 'C' | 'D' | 'F' | '–';
  /** The parts that were averaged, for the explanation next to the grade. */
  parts: { name: string; value: number }[];
}

const clamp = (v: number) => Math.max(0, Math.min(100, v));

/**
 * Averages up to four 0–100 parts: MI average; complexity (cc_avg 1 → 100, each point above costs 10);
 * the share of functions ranked A or B; pylint average × 10. Missing parts are left out, not zeroed.
 * Letters: A ≥ 85, B ≥ 70, C ≥ 55, D ≥ 40, else F.
 */
export function gradeOf(s: GradeInput): Grade {
  const parts: { name: string; value: number }[] = [];
  if (typeof s.mi_avg === 'number') parts.push({ name: 'maintainability', value: clamp(s.mi_avg) });
  if (typeof s.cc_avg === 'number')
    parts.push({ name: 'complexity', value: clamp(100 - (s.cc_avg - 1) * 10) });
  const fns = s.functions ?? 0;
  if (fns > 0) {
    const simple = (s.cc_rank_a ?? 0) + (s.cc_rank_b ?? 0);
    parts.push({ name: 'simple functions', value: clamp((100 * simple) / fns) });
  }
  if (typeof s.pylint_avg === 'number') parts.push({ name: 'pylint', value: clamp(s.pylint_avg * 10) });
  const score = parts.length ? parts.reduce((a, p) => a + p.value, 0) / parts.length : 0;
  const letter =
    parts.length === 0
      ? '–'
      : score >= 85
        ? 'A'
        : score >= 70
          ? 'B'
          : score >= 55
            ? 'C'
            : score >= 40
              ? 'D'
              : 'F';
  return { score: Math.round(score * 10) / 10, letter, parts };
}
