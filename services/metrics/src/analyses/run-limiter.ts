import type { AppContext } from '../context.js';
import { RateLimiter } from '../http/rate-limiter.js';

// One budget per service instance, shared by every route that queues a run (new runs and retries), so
// retrying is no way around RUNS_PER_MINUTE_PER_CLIENT.
const limiters = new WeakMap<AppContext, RateLimiter | null>();

/** The per-client limiter of queued runs (null when RUNS_PER_MINUTE_PER_CLIENT is 0). */
export function runLimiter(ctx: AppContext): RateLimiter | null {
  if (!limiters.has(ctx)) {
    const perMinute = ctx.config.runsPerMinutePerClient;
    limiters.set(ctx, perMinute > 0 ? new RateLimiter(perMinute) : null);
  }
  return limiters.get(ctx) ?? null;
}
