import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { loginThrottleRepo } from '../../store/repos/login-throttle-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';

/**
 * Guesses (passwords, tokens) are counted BEFORE they are checked: the attempt takes a numbered
 * slot in one atomic statement, and only slots within the budget go on to the check. However many
 * requests race, at most `budget` checks happen per window. A check that succeeds gives its slot
 * back (or clears the key), so the count is "failures plus checks in flight".
 */
export interface Slot {
  key: string;
  /** Seconds to wait when over budget, else 0. */
  retryAfter: number;
}

/** What the throttle uses: the shared counters' database and the default window (LOGIN_WINDOW_SECONDS). */
export interface ThrottleDeps {
  db: Kysely<MonitorDB>;
  config: { loginWindowSeconds: number };
}

/** `windowSeconds` defaults to the sign-in window; other budgets (e.g. monitor tests per minute) pass their own. */
export async function takeSlot(
  deps: ThrottleDeps,
  key: string,
  budget: number,
  windowSeconds = deps.config.loginWindowSeconds,
): Promise<Slot> {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const row = await loginThrottleRepo.spend(deps.db, key, now, windowMs);
  if (Number(row.failures) <= budget) return { key, retryAfter: 0 };
  const windowEnds = Number(row.window_started_at) + windowMs;
  return { key, retryAfter: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/** Takes a slot from each key in order; when one is over budget the slots already taken are refunded. */
export async function takeSlots(deps: ThrottleDeps, keys: [string, number][]): Promise<number> {
  const taken: string[] = [];
  for (const [key, budget] of keys) {
    const slot = await takeSlot(deps, key, budget);
    if (slot.retryAfter > 0) {
      for (const k of taken) await loginThrottleRepo.refund(deps.db, k);
      return slot.retryAfter;
    }
    taken.push(key);
  }
  return 0;
}

export const refundSlot = (db: Db, key: string) => loginThrottleRepo.refund(db, key);
export const clearSlots = (db: Db, key: string) => loginThrottleRepo.clear(db, key);

/** The 429 problem for a throttled attempt. */
export function rateLimited(what: string, wait: number) {
  return errors.rate_limited(`${what}; try again in ${wait} s.`, {
    headers: { 'retry-after': String(wait) },
  });
}
