import type { MetricsConfig } from '../config.js';
import { RateLimiter } from '../platform/http/rate-limiter.js';

// One budget per service instance, shared by every route that queues a run (new runs and retries), so
// retrying is no way around RUNS_PER_MINUTE_PER_CLIENT.
const limiters = new WeakMap<object, RateLimiter | null>();

/** The per-client limiter of queued runs (null when RUNS_PER_MINUTE_PER_CLIENT is 0). */
export function runLimiter(deps: {
  config: Pick<MetricsConfig, 'runsPerMinutePerClient'>;
}): RateLimiter | null {
  if (!limiters.has(deps)) {
    const perMinute = deps.config.runsPerMinutePerClient;
    limiters.set(deps, perMinute > 0 ? new RateLimiter(perMinute) : null);
  }
  return limiters.get(deps) ?? null;
}
