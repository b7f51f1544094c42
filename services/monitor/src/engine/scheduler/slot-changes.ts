import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import { configureSlot, type Slot } from './slot.js';
import { firstDue } from './take-over.js';

/**
 * Applies a changed monitor row to its slot and says what becomes of its schedule: the next due
 * time, null (no longer scheduled: paused), or undefined (the schedule stands).
 */
export function reconfigureSlot(slot: Slot, row: MonitorRow, key: Buffer | undefined, now: number) {
  const wasPaused = slot.paused;
  const oldInterval = slot.intervalMs;
  const wasHeartbeat = slot.heartbeat;
  const wasLocal = slot.checksLocal;
  configureSlot(slot, row, key);
  if (slot.paused) {
    slot.status = 'paused';
    return null;
  }
  if (wasPaused) {
    // Resumed: start over as pending with a check at once (at every location).
    slot.status = row.current_status;
    slot.failures = 0;
    slot.successes = 0;
    slot.statusReason = null;
    slot.failingSince = null;
    slot.holds = 0;
    for (const s of slot.locations ?? []) Object.assign(s, { status: 'pending', failures: 0, successes: 0 });
    // A heartbeat monitor cannot be checked: its client gets a full period to ping first.
    return slot.heartbeat ? now + slot.intervalMs + slot.graceMs : now;
  }
  if (slot.heartbeat && wasHeartbeat && (row.last_ping_at ?? 0) > (slot.lastPingAt ?? 0)) {
    // A ping recorded through another instance: adopt its state and restart the silence clock.
    slot.lastPingAt = row.last_ping_at;
    slot.status = row.current_status;
    slot.failures = row.consecutive_failures;
    slot.lastCheckedAt = row.last_checked_at;
    return firstDue(slot, now);
  }
  // A new interval or kind, or `local` added to (or taken off) its locations.
  if (oldInterval !== slot.intervalMs || wasHeartbeat !== slot.heartbeat || wasLocal !== slot.checksLocal) {
    return firstDue(slot, now);
  }
  return undefined;
}
