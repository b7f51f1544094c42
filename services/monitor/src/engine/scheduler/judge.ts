import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { StatusReason } from '../../store/schema.js';
import type { CheckOutcome } from '../checks/index.js';
import { downOutcome, upOutcome } from '../checks/outcome.js';
import { type ParentState, parentVerdict } from '../dependencies/dependency-gate.js';
import type { OnlineTest } from '../locations/quorum.js';
import type { PendingResult } from '../results/result-writer.js';
import { quorumTransition, recordAtLocation, withLocation } from './location-judge.js';
import { locationOf } from './location-slots.js';
import type { Slot } from './slot.js';
import { applyResult, type Transition } from './transition.js';

/** What judge needs to know of other monitors: the state of a parent (undefined: unknown). */
export type ParentLookup = (id: number) => ParentState | undefined;

// A failure streak waits for its parents' verdict at most this often before it is judged on what
// is known (a parent that never answers must not silence its dependants for ever): a few checks
// of a parent not checked lately, more while a parent works through its own retries.
const MAX_HOLDS = { stale: 3, retrying: 25 } as const;

export interface Judgement {
  transition: Transition;
  pending: PendingResult;
  /** The failure would have made the monitor down, but a parent's verdict is awaited first. */
  held: boolean;
}

/** Upside-down mode: a failing check is the healthy state, a passing one is a failure. */
export function invertOutcome(o: CheckOutcome): CheckOutcome {
  const extra = {
    response_time_ms: o.response_time_ms,
    status_code: o.status_code,
    tls_days_left: o.tls_days_left,
  };
  return o.status === 'up' ? downOutcome('expected failure, got success', extra) : upOutcome(extra);
}

/**
 * Applies a check outcome to a slot's state (retries, status) and returns the result to store.
 * `immediate` failures skip the retries (a heartbeat client reporting failure). Inside a
 * maintenance window the monitor reads `maintenance` and failures do not count; leaving one, it
 * starts afresh as after a resume. With parents (`depends_on`), a failure that would make the
 * monitor down is `dependency_down` while a parent is down, and is held back (as one more retry)
 * while a parent's verdict is not in yet, so one outage raises one alert: the parent's.
 * A multi-location monitor (issue 13) judges the result as one of `locationId` first, and its
 * status is then the quorum's (`online` says whose votes count); maintenance and parents apply
 * after the quorum, as they do for any monitor.
 */
/** How far ahead of this instance's clock a stored time may be (other instances' clocks differ a little). */
const MAX_AHEAD_MS = 60_000;

/**
 * A previous time as the reference of the order, or null when it lies in the future (issue 29): a
 * result stored before probes' times were checked, or a clock set back. Following it, every later
 * result would be stored just after it, so one bad time would fix the order of all the others.
 */
const orderingTime = (t: number | null): number | null =>
  t !== null && t > Date.now() + MAX_AHEAD_MS ? null : t;

export function judge(
  slot: Slot,
  raw: CheckOutcome,
  startedAt: number,
  immediate: boolean,
  inMaintenance = false,
  parents?: ParentLookup,
  online?: OnlineTest,
  locationId: string = LOCAL_LOCATION_ID,
): Judgement {
  const outcome = slot.invert ? invertOutcome(raw) : raw;
  const prev = slot.status;
  const base = prev === 'maintenance' ? 'pending' : prev;
  const prevReason = slot.statusReason;
  const slow =
    outcome.status === 'up' &&
    slot.degradedMs !== null &&
    outcome.response_time_ms !== null &&
    outcome.response_time_ms > slot.degradedMs;
  let held = false;
  let reason: StatusReason | null = null;
  let t: Transition;
  // Two results of one monitor at one location never share a timestamp: (monitor, location, time)
  // identifies a result. Local-only monitors read the monitor's own last time, as they always did.
  const loc = slot.locations === null ? undefined : locationOf(slot, locationId);
  const checkedAt = Math.max(
    startedAt,
    (orderingTime(loc ? loc.last_checked_at : slot.lastCheckedAt) ?? 0) + 1,
  );
  if (inMaintenance) {
    if (loc) recordAtLocation(slot, loc, outcome, slow, immediate, checkedAt);
    t = {
      status: 'maintenance',
      failures: 0,
      successes: 0,
      retrying: false,
      changed: prev !== 'maintenance',
    };
    slot.failingSince = null;
  } else {
    t = loc
      ? quorumTransition(slot, loc, outcome, slow, immediate, checkedAt, base, prev, online)
      : applyResult(
          {
            status: base,
            failures: slot.failures,
            successes: slot.successes,
          },
          outcome.status,
          slot.retryCount,
          immediate,
          { slow, recoveryCount: slot.recoveryCount },
        );
    // A streak ends when the monitor is healthy: one location's success does not end the others'.
    if (loc ? t.status === 'up' || t.status === 'degraded' : outcome.status === 'up') {
      slot.failingSince = null;
      slot.holds = 0;
    } else if (outcome.status === 'down') slot.failingSince ??= startedAt;
    if (t.status === 'down' && slot.dependsOn.length > 0 && parents) {
      const v = parentVerdict(slot.dependsOn, slot.failingSince ?? startedAt, parents);
      if (v === 'down') reason = 'dependency_down';
      else if (
        v !== 'clear' &&
        !slot.heartbeat &&
        slot.holds < MAX_HOLDS[v] &&
        !(prev === 'down' && !prevReason)
      ) {
        // Wait for the parent: keep the previous state, as during a retry.
        slot.holds++;
        held = true;
        reason = prevReason;
        t = { status: base, failures: t.failures, successes: 0, retrying: true, changed: false };
      }
    } else if (t.status === 'down' && prev === 'down' && outcome.status === 'up') {
      // Still recovering (recovery_count): the reason it was down stays.
      reason = prevReason;
    }
  }
  slot.status = t.status;
  slot.failures = t.failures;
  slot.successes = t.successes ?? 0;
  slot.statusReason = reason;
  // Locations report out of step: the monitor's last check is the latest of any of them.
  const lastChecked = loc ? Math.max(orderingTime(slot.lastCheckedAt) ?? 0, checkedAt) : checkedAt;
  slot.lastCheckedAt = lastChecked;
  const pending: PendingResult = {
    monitor_id: slot.id,
    checked_at: checkedAt,
    status: outcome.status,
    response_time_ms: outcome.response_time_ms,
    status_code: outcome.status_code,
    error: outcome.error,
    tls_days_left: outcome.tls_days_left,
    ...(raw.details && { details: raw.details }),
    prev_status: prev,
    prev_reason: prevReason,
    runtime: {
      id: slot.id,
      current_status: t.status,
      status_reason: reason,
      last_checked_at: lastChecked,
      last_response_time_ms: outcome.response_time_ms,
      last_status_code: outcome.status_code,
      consecutive_failures: t.failures,
      consecutive_successes: slot.successes,
      last_ping_at: slot.heartbeat ? slot.lastPingAt : null,
      last_tls_days_left: outcome.tls_days_left,
    },
  };
  if (loc) withLocation(pending, slot, loc, online);
  return { transition: t, pending, held };
}

/** The outcome of a heartbeat period without a ping. */
export function silenceOutcome(slot: Slot): CheckOutcome {
  return downOutcome(`no ping received within ${Math.round((slot.intervalMs + slot.graceMs) / 1000)} s`);
}

/** The outcome of a ping (`ok`) or of a failure the heartbeat client reported. */
export function pingOutcome(ok: boolean): CheckOutcome {
  return ok ? upOutcome() : downOutcome('the heartbeat client reported a failure');
}
