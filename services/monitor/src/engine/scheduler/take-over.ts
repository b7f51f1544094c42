import { isRetrying, type Slot } from './slot.js';
import { initialDueTimes, storedNextDue, takeOverWindow } from './spread.js';

/** When a monitor is next due from its stored state (a start, a take-over, a changed interval). */
export function firstDue(slot: Slot, now: number): number {
  if (slot.heartbeat) {
    return Math.max(now, (slot.lastPingAt ?? now) + slot.intervalMs + slot.graceMs);
  }
  if (slot.lastCheckedAt === null) return now;
  return Math.max(now, slot.lastCheckedAt + (isRetrying(slot) ? slot.retryIntervalMs : slot.intervalMs));
}

/** The schedule of monitors in newly held shards: due times kept, and overdue ones to spread. */
export interface TakeOverPlan {
  scheduled: { slot: Slot; at: number }[];
  /** Overdue or never checked: released by the catch-up spread `offset` ms from now. */
  overdue: { slot: Slot; offset: number }[];
}

/**
 * Plans the checks of the (unpaused) monitors of shards just taken: at a start, or when `takeOver`
 * (shards of another instance, after the engine started). Monitors whose stored next check is
 * ahead keep it; overdue ones are spread (see initialDueTimes, takeOverWindow).
 */
export function planTakeOver(fresh: Slot[], now: number, takeOver: boolean): TakeOverPlan {
  const plan: TakeOverPlan = { scheduled: [], overdue: [] };
  // Heartbeat clients kept pinging while nobody listened: give them a full period before judging.
  for (const s of fresh.filter((s) => s.heartbeat)) {
    plan.scheduled.push({ slot: s, at: Math.max(firstDue(s, now), now + s.intervalMs + s.graceMs) });
  }
  const checked = fresh
    .filter((s) => !s.heartbeat)
    .map((s) => ({ slot: s, stored: { ...s, retrying: isRetrying(s) } }));
  const stored = checked.map((c) => c.stored);
  const due = initialDueTimes(stored, now, takeOver ? takeOverWindow(stored, now) : undefined);
  for (const { slot, stored } of checked) {
    const next = storedNextDue(stored);
    let at = due.get(slot.id) ?? now;
    if (next > now) {
      plan.scheduled.push({ slot, at });
      continue;
    }
    // An instance killed with -9 may have run this check at its due time without storing it (its
    // last batch and its checks in flight die with it): keep the engine's rule that two checks of
    // a monitor start at least half an interval apart, counting that possible check.
    if (takeOver && Number.isFinite(next)) at = Math.max(at, next + slot.intervalMs / 2);
    plan.overdue.push({ slot, offset: at - now });
  }
  return plan;
}
