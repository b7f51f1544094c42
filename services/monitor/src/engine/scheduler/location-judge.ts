import type { MonitorStatus } from '../../store/schema.js';
import type { CheckOutcome } from '../checks/index.js';
import { decideQuorum, type OnlineTest } from '../locations/quorum.js';
import type { PendingResult } from '../results/result-writer.js';
import { type LocationState, locationStatesView } from './location-slots.js';
import type { Slot } from './slot.js';
import { applyResult, type Transition } from './transition.js';

/**
 * Judges one result of a multi-location monitor (issue 13): first as a result of its location
 * (retries, recovery, slowness and upside-down mode count per location, as `applyResult` does for a
 * monitor), then the quorum of the counted locations decides the monitor's status. Nothing to
 * decide (no counted location has a verdict yet, or none is online) keeps `base`.
 */
export function quorumTransition(
  slot: Slot,
  loc: LocationState,
  outcome: CheckOutcome,
  slow: boolean,
  immediate: boolean,
  checkedAt: number,
  base: MonitorStatus,
  prev: MonitorStatus,
  online: OnlineTest | undefined,
): Transition {
  const own = recordAtLocation(slot, loc, outcome, slow, immediate, checkedAt);
  const d = decideQuorum(slot.locations ?? [], online, slot.quorum, slot.target.monitor_type);
  const status = d.status ?? base;
  let successes = 0;
  for (const s of slot.locations ?? []) successes = Math.max(successes, s.successes);
  return { status, failures: d.failures, successes, retrying: own.retrying, changed: status !== prev };
}

/** Applies a result to the location's own state; returns the location's transition. */
export function recordAtLocation(
  slot: Slot,
  loc: LocationState,
  outcome: CheckOutcome,
  slow: boolean,
  immediate: boolean,
  checkedAt: number,
): Transition {
  const t = applyResult(
    { status: loc.status, failures: loc.failures, successes: loc.successes },
    outcome.status,
    slot.retryCount,
    immediate,
    { slow, recoveryCount: slot.recoveryCount },
  );
  loc.status = t.status === 'up' || t.status === 'degraded' || t.status === 'down' ? t.status : 'pending';
  loc.failures = t.failures;
  loc.successes = t.successes ?? 0;
  loc.last_checked_at = checkedAt;
  loc.last_response_time_ms = outcome.response_time_ms;
  loc.last_error = outcome.error;
  return t;
}

/** Adds the location's facts to a multi-location monitor's result: what is stored and streamed. */
export function withLocation(
  pending: PendingResult,
  slot: Slot,
  loc: LocationState,
  online: OnlineTest | undefined,
): void {
  pending.location_id = loc.location_id;
  pending.location = { monitor_id: slot.id, ...loc };
  pending.locations = locationStatesView(slot.locations ?? [], online, slot.target.monitor_type);
}
