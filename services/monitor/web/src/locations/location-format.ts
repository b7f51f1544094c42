import type { LocationVerdict, LocationView } from './location-types.js';

/** Above this clock difference (either way) the probe's skew is worth a look. */
export const SKEW_WARN_MS = 2_000;

/** "+1234 ms" / "−80 ms" / "—". */
export function skewText(skew: number | null): string {
  if (skew === null) return '—';
  return `${skew > 0 ? '+' : skew < 0 ? '−' : ''}${Math.abs(skew)} ms`;
}

export function skewWarns(skew: number | null): boolean {
  return skew !== null && Math.abs(skew) > SKEW_WARN_MS;
}

/** "Europe (eu-west)" unless the name already says it. */
export function locationLabel(l: Pick<LocationView, 'id' | 'name'>): string {
  return l.name.toLowerCase() === l.id ? l.name : `${l.name} (${l.id})`;
}

/** The colour class of a verdict; a verdict not counted (location offline) is grey whatever it says. */
export function verdictClass(verdict: LocationVerdict, counted: boolean): string {
  return counted ? `loc-${verdict}` : 'loc-uncounted';
}

/** "1 location offline: Asia", "2 locations offline: Asia, Europe". */
export function offlineText(offline: Pick<LocationView, 'name'>[]): string {
  const n = offline.length;
  return `${n} location${n === 1 ? '' : 's'} offline: ${offline.map((l) => l.name).join(', ')}`;
}
