// Arrow-key movement between the cells of a treemap: the cell beside the current one in that direction,
// preferring cells that line up with it, so the keyboard follows what the eye sees.

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** How far `v` lies outside [lo, hi]. */
const outside = (v: number, lo: number, hi: number) => (v < lo ? lo - v : v > hi ? v - hi : 0);

/** The nearest box in `dir` from `from`, or null at the edge. */
export function neighbour<T extends Box>(boxes: readonly T[], from: Box, dir: Direction): T | null {
  const cx = (from.x0 + from.x1) / 2;
  const cy = (from.y0 + from.y1) / 2;
  const eps = 0.5;
  let best: T | null = null;
  let bestScore = Infinity;
  for (const b of boxes) {
    if (b === from) continue;
    let gap: number;
    let off: number;
    if (dir === 'right') {
      if (b.x0 < from.x1 - eps) continue;
      gap = b.x0 - from.x1;
      off = outside(cy, b.y0, b.y1);
    } else if (dir === 'left') {
      if (b.x1 > from.x0 + eps) continue;
      gap = from.x0 - b.x1;
      off = outside(cy, b.y0, b.y1);
    } else if (dir === 'down') {
      if (b.y0 < from.y1 - eps) continue;
      gap = b.y0 - from.y1;
      off = outside(cx, b.x0, b.x1);
    } else {
      if (b.y1 > from.y0 + eps) continue;
      gap = from.y0 - b.y1;
      off = outside(cx, b.x0, b.x1);
    }
    // A cell out of line costs more than one a little further away but level with the current one.
    const score = gap + 3 * off;
    if (score < bestScore) {
      bestScore = score;
      best = b;
    }
  }
  return best;
}

/** Reading order: top to bottom, then left to right (for Home and End and the first tab stop). */
export const readingOrder = <T extends Box>(boxes: readonly T[]): T[] =>
  [...boxes].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
