/** Days in the average Gregorian month: ages are whole months of this length. */
export const MONTH_DAYS = 365.25 / 12;

/** The distribution's buckets: `label` holds files whose whole-month age is in [min, max). */
export const AGE_BUCKETS = [
  { label: '<1 month', min: 0, max: 1 },
  { label: '1-3 months', min: 1, max: 3 },
  { label: '3-6 months', min: 3, max: 6 },
  { label: '6-12 months', min: 6, max: 12 },
  { label: '1-2 years', min: 12, max: 24 },
  { label: '>2 years', min: 24, max: Number.POSITIVE_INFINITY },
] as const;

export type AgeLabel = (typeof AGE_BUCKETS)[number]['label'];

/** Whole months from `lastTime` to `headTime` (epoch seconds); a change dated after the head is age 0. */
export function ageMonths(headTime: number, lastTime: number): number {
  return Math.max(0, Math.floor((headTime - lastTime) / 86_400 / MONTH_DAYS));
}

/** How many files fall in each bucket, every bucket listed. */
export function ageDistribution(ages: Iterable<number>): { label: AgeLabel; files: number }[] {
  const out = AGE_BUCKETS.map((b) => ({ label: b.label as AgeLabel, files: 0 }));
  for (const a of ages) {
    const i = AGE_BUCKETS.findIndex((b) => a >= b.min && a < b.max);
    if (i >= 0) out[i]!.files++;
  }
  return out;
}
