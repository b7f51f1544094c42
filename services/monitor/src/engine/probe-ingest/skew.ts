/**
 * A post's measured skew (the probe's `sent_at` minus our receive time) is the probe's true clock
 * offset minus the time the post took to reach us: network, and queueing in a busy or just
 * restarted server. It is never above the true offset, so the best estimate is the largest recent
 * measure, allowed to fall by at most FALL_MS per post so a burst of delayed posts (as after an
 * outage of the central instance) cannot drag it down.
 *
 * A probe's clock is not trusted (issue 29): the largest measure is whatever a post claims, so a
 * claim is bounded and never sticks. A measure beyond MAX_SKEW_MS is implausible: it is reported
 * but not used (the post's results are refused), and the next post starts afresh. A measure more
 * than MAX_DELAY_MS below the estimate cannot be a delayed post of the same clock (a post waits
 * seconds, not more): the clock moved back, or the earlier claim was false, so it is taken at once.
 * After RESET_MS without a post the estimate starts afresh too.
 */
const FALL_MS = 20;
const RESET_MS = 10 * 60_000;
/** The largest clock offset a probe may have (Kerberos's default bound): beyond it, fix its clock. */
export const MAX_SKEW_MS = 5 * 60_000;
/** The longest a post can plausibly wait between the probe's `sent_at` and our reading it. */
export const MAX_DELAY_MS = 10_000;
/** The column holds 32-bit integers (PostgreSQL): an implausible measure is recorded within them. */
const INT32_MAX = 2_147_483_647;

export interface SkewEstimate {
  skew: number;
  /** False when the measure is beyond MAX_SKEW_MS: the post's times cannot be corrected. */
  plausible: boolean;
}

export function estimateSkew(
  measured: number,
  previous: { skew_ms: number | null; last_seen_at: number | null },
  now: number,
): SkewEstimate {
  if (Math.abs(measured) > MAX_SKEW_MS) {
    return { skew: Math.max(-INT32_MAX, Math.min(INT32_MAX, measured)), plausible: false };
  }
  const { skew_ms: prev, last_seen_at: seen } = previous;
  const fresh =
    prev === null ||
    seen === null ||
    now - seen > RESET_MS ||
    Math.abs(prev) > MAX_SKEW_MS ||
    prev - measured > MAX_DELAY_MS;
  return { skew: fresh ? measured : Math.max(measured, prev - FALL_MS), plausible: true };
}
