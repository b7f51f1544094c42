import type { MonitorStatus } from '../store/schema.js';

/** The state a check result is judged against. */
export interface MonitorState {
  status: MonitorStatus;
  failures: number;
}

export interface Transition extends MonitorState {
  /** True when the check failed but retries remain: the next check comes at the retry interval. */
  retrying: boolean;
  changed: boolean;
}

/**
 * Applies one check result. A success is `up` at once; a failure counts, and only after
 * `retryCount` retries (failures > retryCount) does the monitor go `down`; until then it keeps
 * its previous status. `immediate` failures (a client reporting failure) skip the retries.
 */
export function applyResult(
  prev: MonitorState,
  result: 'up' | 'down',
  retryCount: number,
  immediate = false,
): Transition {
  if (result === 'up') {
    return { status: 'up', failures: 0, retrying: false, changed: prev.status !== 'up' };
  }
  const failures = immediate ? Math.max(prev.failures + 1, retryCount + 1) : prev.failures + 1;
  if (failures > retryCount) {
    return { status: 'down', failures, retrying: false, changed: prev.status !== 'down' };
  }
  return { status: prev.status, failures, retrying: true, changed: false };
}
