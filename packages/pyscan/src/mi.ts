// Maintainability index with radon's formula (radon.metrics.mi_compute), counting multi-line
// strings as comments (radon's default): radon passes the logical line count where the formula
// says SLOC, and the comment percentage is (comments + multi) / sloc.

/** Inputs of the maintainability index. */
export interface MiInputs {
  volume: number;
  complexity: number;
  lloc: number;
  sloc: number;
  comments: number;
  multi: number;
}

/** radon's maintainability index, 0 to 100. */
export function maintainabilityIndex(x: MiInputs): number {
  const commentPct = x.sloc !== 0 ? ((x.comments + x.multi) / x.sloc) * 100 : 0;
  if (x.volume <= 0 || x.lloc <= 0) return 100;
  const radians = (commentPct * Math.PI) / 180;
  const nn =
    171 -
    5.2 * Math.log(x.volume) -
    0.23 * x.complexity -
    16.2 * Math.log(x.lloc) +
    50 * Math.sin(Math.sqrt(2.46 * radians));
  return Math.min(Math.max(0, (nn * 100) / 171), 100);
}
