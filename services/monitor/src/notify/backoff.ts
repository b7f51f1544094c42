/**
 * Delay before retry number `attempt` (1 = the first retry): doubling from `baseMs`, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so failures of many alerts at once do
 * not retry in lockstep.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(d / 2 + random() * (d / 2));
}
