import { fmt } from './format.js';

/**
 * A change as it is shown with `digits` decimals: −0.004 shown with two is 0, and must read and be
 * coloured as no change (a green "−0.00" claimed an improvement nobody can see).
 */
export function shownDelta(v: number | null | undefined, digits = 0): number | null {
  if (v === null || v === undefined || Number.isNaN(v)) return null;
  const r = Number(v.toFixed(digits));
  return r === 0 ? 0 : r; // no −0
}

/** A signed delta for display (`+2`, `−0.25`, `±0`), rounded as shown. */
export function signed(v: number | null | undefined, digits = 0): string {
  const d = shownDelta(v, digits);
  if (d === null) return '–';
  if (d === 0) return '±0';
  return `${d > 0 ? '+' : '−'}${fmt(Math.abs(d), digits)}`;
}

/** 'delta-better', 'delta-worse', or undefined for no change (as shown) or no direction. */
export function deltaTone(
  v: number | null | undefined,
  digits: number,
  better: 'up' | 'down' | null,
): 'delta-better' | 'delta-worse' | undefined {
  const d = shownDelta(v, digits);
  if (d === null || d === 0 || better === null) return undefined;
  return d < 0 === (better === 'down') ? 'delta-better' : 'delta-worse';
}
