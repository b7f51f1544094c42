import type { CheckOutcome } from '../checks/index.js';
import { downOutcome, upOutcome } from '../checks/outcome.js';
import type { PendingResult } from '../results/result-writer.js';
import type { Slot } from './slot.js';
import { applyResult, type Transition } from './transition.js';

/**
 * Applies a check outcome to a slot's state (retries, status) and returns the result to store.
 * `immediate` failures skip the retries (a heartbeat client reporting failure). Inside a
 * maintenance window the monitor reads `maintenance` and failures do not count; leaving one, it
 * starts afresh as after a resume.
 */
export function judge(
  slot: Slot,
  outcome: CheckOutcome,
  startedAt: number,
  immediate: boolean,
  inMaintenance = false,
): { transition: Transition; pending: PendingResult } {
  const prev = slot.status;
  const t: Transition = inMaintenance
    ? { status: 'maintenance', failures: 0, retrying: false, changed: prev !== 'maintenance' }
    : applyResult(
        { status: prev === 'maintenance' ? 'pending' : prev, failures: slot.failures },
        outcome.status,
        slot.retryCount,
        immediate,
      );
  // Two results of one monitor never share a timestamp: (monitor, time) identifies a result.
  const checkedAt = Math.max(startedAt, (slot.lastCheckedAt ?? 0) + 1);
  slot.status = t.status;
  slot.failures = t.failures;
  slot.lastCheckedAt = checkedAt;
  const pending: PendingResult = {
    monitor_id: slot.id,
    checked_at: checkedAt,
    status: outcome.status,
    response_time_ms: outcome.response_time_ms,
    status_code: outcome.status_code,
    error: outcome.error,
    tls_days_left: outcome.tls_days_left,
    prev_status: prev,
    runtime: {
      id: slot.id,
      current_status: t.status,
      last_checked_at: checkedAt,
      last_response_time_ms: outcome.response_time_ms,
      last_status_code: outcome.status_code,
      consecutive_failures: t.failures,
      last_ping_at: slot.heartbeat ? slot.lastPingAt : null,
      last_tls_days_left: outcome.tls_days_left,
    },
  };
  return { transition: t, pending };
}

/** The outcome of a heartbeat period without a ping. */
export function silenceOutcome(slot: Slot): CheckOutcome {
  return downOutcome(`no ping received within ${Math.round((slot.intervalMs + slot.graceMs) / 1000)} s`);
}

/** The outcome of a ping (`ok`) or of a failure the heartbeat client reported. */
export function pingOutcome(ok: boolean): CheckOutcome {
  return ok ? upOutcome() : downOutcome('the heartbeat client reported a failure');
}
