import type { MonitorStatus } from '../../store/schema.js';

/** The state a check result is judged against. */
export interface MonitorState {
  status: MonitorStatus;
  failures: number;
  /** Successes in a row since the last failure (counted towards `recovery_count`). */
  successes?: number;
}

export interface Transition extends MonitorState {
  /** True when the check failed but retries remain: the next check comes at the retry interval. */
  retrying: boolean;
  changed: boolean;
}

/** Conditions beyond up/down (issue 14). */
export interface Conditions {
  /** The (successful) check was slower than the monitor's `degraded_response_ms`. */
  slow?: boolean;
  /** Successes in a row a down monitor needs before it is up again (default 1). */
  recoveryCount?: number;
}

/**
 * Applies one check result. A success is `up` at once (`degraded` when slow), except that a
 * `down` monitor needs `recoveryCount` successes in a row first; a failure counts, and only after
 * `retryCount` retries (failures > retryCount) does the monitor go `down`; until then it keeps
 * its previous status. `immediate` failures (a client reporting failure) skip the retries.
 */
export function applyResult(
  prev: MonitorState,
  result: 'up' | 'down',
  retryCount: number,
  immediate = false,
  cond: Conditions = {},
): Transition {
  if (result === 'up') {
    const successes = (prev.successes ?? 0) + 1;
    if (prev.status === 'down' && successes < (cond.recoveryCount ?? 1)) {
      return { status: 'down', failures: 0, successes, retrying: false, changed: false };
    }
    const status = cond.slow ? 'degraded' : 'up';
    return { status, failures: 0, successes, retrying: false, changed: prev.status !== status };
  }
  const failures = immediate ? Math.max(prev.failures + 1, retryCount + 1) : prev.failures + 1;
  if (failures > retryCount) {
    return { status: 'down', failures, successes: 0, retrying: false, changed: prev.status !== 'down' };
  }
  return { status: prev.status, failures, successes: 0, retrying: true, changed: false };
}
