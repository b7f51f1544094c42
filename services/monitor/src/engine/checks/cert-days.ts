const DAY_MS = 86_400_000;

/**
 * Whole days until `validTo` (ms since epoch): 0 on the last day, negative once expired, counting whole
 * days since expiry (expired 3.2 days ago → -3), so the number and the message below always agree.
 */
export function certDaysLeft(validTo: number, now: number = Date.now()): number {
  const ms = validTo - now;
  return ms >= 0 ? Math.floor(ms / DAY_MS) : -Math.floor(-ms / DAY_MS) || 0;
}

/** The sentence for an expired certificate, e.g. `certificate expired 3 days ago (2026-11-19T00:00:00.000Z)`. */
export function expiredMessage(validTo: number, now: number = Date.now()): string {
  const ago = Math.floor((now - validTo) / DAY_MS);
  const when = new Date(validTo).toISOString();
  if (ago < 1) return `certificate expired less than a day ago (${when})`;
  return `certificate expired ${ago} ${ago === 1 ? 'day' : 'days'} ago (${when})`;
}

/** The warning an up check carries when its certificate is within `warnDays` of expiry, else null. */
export function expiryWarning(validTo: number, warnDays: number, now: number = Date.now()): string | null {
  if (validTo <= now) return expiredMessage(validTo, now);
  const days = certDaysLeft(validTo, now);
  if (days > warnDays) return null;
  const when = new Date(validTo).toISOString();
  return `certificate expires in ${days} ${days === 1 ? 'day' : 'days'} (${when}), within the ${warnDays}-day warning threshold`;
}

/** Parses the `valid_to` text of Node's certificate objects (`Nov 22 00:16:18 2027 GMT`) to ms. */
export function parseCertDate(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
