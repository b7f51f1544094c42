/**
 * Delay before retry number `attempt` (1 = the first retry): doubling from `baseMs`, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so failures of many alerts at once do
 * not retry in lockstep.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(d / 2 + random() * (d / 2));
}

/**
 * Whether a provider's HTTP status means retrying cannot help: a 4xx refusal (bad token, unknown
 * room, malformed request) is permanent; 408 (timeout), 425 (too early) and 429 (rate limited)
 * are the 4xx that later succeed, and 5xx, network failures and timeouts are retried too.
 */
export function isPermanentStatus(status: number | null): boolean {
  return (
    status !== null && status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429
  );
}
