// The letter grade of a run, shown on the share card, in the PDF and on the dashboard. Pure and free of
// imports so the web UI bundles the very same rule.

/** The summary fields the grade reads (pyscan's summary row names, plus the run's duplication). */
export interface GradeInput {
  functions?: number | null;
  cc_avg?: number | null;
  mi_avg?: number | null;
  pylint_avg?: number | null;
  cc_rank_a?: number | null;
  cc_rank_b?: number | null;
  duplicated_lines_pct?: number | null;
}

/** One input of the grade. */
export interface GradePart {
  name: string;
  /** The part's 0–100 value. */
  value: number;
  /** How the value is computed, in words a reader can check (`100 − 10 × (2.4 − 1)`). */
  formula: string;
  /** Points this part takes off the score: (100 − value) / number of parts. */
  lost: number;
}

/** A 0–100 score and its letter. */
export interface Grade {
  score: number;
  /** `–` when the run has none of the parts (no functions, no MI, no pylint): no grade is invented. */
  letter: 'A' | 'B' | 'C' | 'D' | 'F' | '–';
  /** The parts that were averaged, for the explanation next to the grade. */
  parts: GradePart[];
}

const clamp = (v: number) => Math.max(0, Math.min(100, v));
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Each percent of duplicated lines costs the duplication part this many points (20 % → 0). */
export const DUPLICATION_PENALTY = 5;

/**
 * Averages up to five 0–100 parts: MI average; complexity (cc_avg 1 → 100, each point above costs 10);
 * the share of functions ranked A or B; pylint average × 10; duplication (100 − 5 × duplicated-lines
 * percentage). Missing parts are left out, not zeroed. Letters: A ≥ 85, B ≥ 70, C ≥ 55, D ≥ 40, else F.
 */
export function gradeOf(s: GradeInput): Grade {
  const parts: Omit<GradePart, 'lost'>[] = [];
  if (typeof s.mi_avg === 'number')
    parts.push({ name: 'maintainability', value: clamp(s.mi_avg), formula: `MI average ${r1(s.mi_avg)}` });
  if (typeof s.cc_avg === 'number')
    parts.push({
      name: 'complexity',
      value: clamp(100 - (s.cc_avg - 1) * 10),
      formula: `100 − 10 × (average complexity ${r1(s.cc_avg)} − 1)`,
    });
  const fns = s.functions ?? 0;
  if (fns > 0) {
    const simple = (s.cc_rank_a ?? 0) + (s.cc_rank_b ?? 0);
    parts.push({
      name: 'simple functions',
      value: clamp((100 * simple) / fns),
      formula: `100 × ${simple} of ${fns} functions ranked A or B`,
    });
  }
  if (typeof s.pylint_avg === 'number')
    parts.push({
      name: 'pylint',
      value: clamp(s.pylint_avg * 10),
      formula: `10 × pylint average ${r1(s.pylint_avg)}`,
    });
  if (typeof s.duplicated_lines_pct === 'number')
    parts.push({
      name: 'duplication',
      value: clamp(100 - DUPLICATION_PENALTY * s.duplicated_lines_pct),
      formula: `100 − ${DUPLICATION_PENALTY} × ${r1(s.duplicated_lines_pct)} % duplicated lines`,
    });
  const n = parts.length;
  const score = n ? parts.reduce((a, p) => a + p.value, 0) / n : 0;
  const letter =
    n === 0 ? '–' : score >= 85 ? 'A' : score >= 70 ? 'B' : score >= 55 ? 'C' : score >= 40 ? 'D' : 'F';
  return {
    score: r1(score),
    letter,
    parts: parts.map((p) => ({ ...p, lost: r1((100 - p.value) / n) })),
  };
}
