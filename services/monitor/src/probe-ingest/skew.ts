/**
 * A post's measured skew (the probe's `sent_at` minus our receive time) is the probe's true clock
 * offset minus the time the post took to reach us: network, and queueing in a busy or just
 * restarted server. It is never above the true offset, so the best estimate is the largest recent
 * measure. The estimate may fall by at most FALL_MS per post, which follows a probe whose clock
 * really moved back (NTP slews by far less) while a burst of delayed posts, as after an outage of
 * the central instance, cannot drag it down; after RESET_MS without a post it starts afresh.
 */
const FALL_MS = 20;
const RESET_MS = 10 * 60_000;

export function estimateSkew(
  measured: number,
  previous: { skew_ms: number | null; last_seen_at: number | null },
  now: number,
): number {
  const { skew_ms: prev, last_seen_at: seen } = previous;
  if (prev === null || seen === null || now - seen > RESET_MS) return measured;
  return Math.max(measured, prev - FALL_MS);
}
