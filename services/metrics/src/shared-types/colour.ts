// Colour scales shared by the web UI and the server-side renderers: green is good, red is bad.

export type HeatMetric = 'cc_max' | 'cc_avg' | 'mi';

/** 0 (good) … 1 (bad) for a metric value; null stays null (drawn grey). */
export function badness(metric: HeatMetric, v: number | null): number | null {
  if (v === null || Number.isNaN(v)) return null;
  if (metric === 'mi') return 1 - Math.max(0, Math.min(100, v)) / 100;
  // radon's ranks: A ≤ 5, B ≤ 10, C ≤ 20, D ≤ 30, E ≤ 40, F above; 25 already reads as "very bad".
  const span = metric === 'cc_avg' ? 15 : 25;
  return Math.max(0, Math.min(1, (v - 1) / span));
}

/** A hex colour from green through amber to red for t in [0, 1]; grey for null. */
export function heatColour(t: number | null): string {
  if (t === null) return '#9aa0a6';
  const stops = [
    [0x2e, 0x9e, 0x5b],
    [0xe8, 0xb3, 0x2c],
    [0xd6, 0x45, 0x3d],
  ] as const;
  const s = Math.max(0, Math.min(1, t)) * 2;
  const i = Math.min(1, Math.floor(s));
  const f = s - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  const hex = (k: 0 | 1 | 2) =>
    Math.round(a[k] + (b[k] - a[k]) * f)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(0)}${hex(1)}${hex(2)}`;
}

/** The colour of a cc rank letter. */
export const RANK_COLOURS: Record<string, string> = {
  A: '#2e9e5b',
  B: '#7cb342',
  C: '#e8b32c',
  D: '#f08c2e',
  E: '#e0603a',
  F: '#c62828',
};
