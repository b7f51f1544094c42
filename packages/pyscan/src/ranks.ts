// radon's rank letters.

/** Cyclomatic-complexity rank: A 1-5, B 6-10, C 11-20, D 21-30, E 31-40, F 41+. */
export function ccRank(cc: number): string {
  if (cc < 0) throw new RangeError('complexity must be non-negative');
  const idx = Math.min((Math.ceil(cc / 10) || 1) - (cc <= 5 ? 1 : 0), 5);
  return String.fromCharCode(65 + idx);
}

/** Maintainability-index rank: A above 19, B above 9, C otherwise. */
export function miRank(mi: number): string {
  return String.fromCharCode(65 + (9 - mi >= 0 ? 1 : 0) + (19 - mi >= 0 ? 1 : 0));
}
