import type { StoredResult } from '../../engine/results/result-writer.js';
import type { MonitorLocationState } from '../../shared-types/location-shapes.js';
import type { MonitorStatus, StatusReason } from '../../store/schema.js';

/** One stored check result with the monitor's status before and after it. */
export interface ResultFact {
  monitor_id: number;
  result_id: number;
  checked_at: number;
  status: 'up' | 'down';
  prev_status: MonitorStatus;
  new_status: MonitorStatus;
  error: string | null;
  status_code: number | null;
  response_time_ms: number | null;
  tls_days_left: number | null;
  /** `dependency_down`: down because a parent is (no incident, no alert of its own). */
  status_reason?: StatusReason | null;
  prev_reason?: StatusReason | null;
  /** Multi-location monitors (issue 13): every location's state after this result. */
  locations?: MonitorLocationState[];
}

/** The facts of a result as the result writer stores it. */
export function toResultFact(r: StoredResult): ResultFact {
  return {
    monitor_id: r.monitor_id,
    result_id: r.result_id,
    checked_at: r.checked_at,
    status: r.status,
    prev_status: r.prev_status,
    new_status: r.runtime.current_status,
    error: r.error,
    status_code: r.status_code,
    response_time_ms: r.response_time_ms,
    tls_days_left: r.tls_days_left,
    status_reason: r.runtime.status_reason ?? null,
    prev_reason: r.prev_reason ?? null,
    ...(r.locations && { locations: r.locations }),
  };
}

// A failed check that leaves the monitor down may need an incident even without a transition: an
// admin may have resolved the last one by hand while the target still fails. The next failed
// check then opens a new one (at most one unresolved per monitor still holds).
export const dependencyDown = (f: ResultFact) =>
  f.new_status === 'down' && f.status_reason === 'dependency_down';
export const failing = (f: ResultFact) =>
  f.new_status === 'down' && f.status === 'down' && !dependencyDown(f);
// A dependant newly down because of a parent joins the parent's incident (issue 14).
export const joinsParent = (f: ResultFact) =>
  dependencyDown(f) && (f.prev_status !== 'down' || f.prev_reason !== 'dependency_down');
export const transitions = (f: ResultFact) =>
  (f.new_status === 'down' && f.prev_status !== 'down' && !dependencyDown(f)) ||
  (f.new_status === 'up' && f.prev_status !== 'up') ||
  (f.new_status === 'degraded' && f.prev_status !== 'degraded') ||
  (f.new_status === 'down' && f.prev_reason === 'dependency_down' && !dependencyDown(f)) ||
  failing(f);
export const interesting = (f: ResultFact) =>
  transitions(f) || joinsParent(f) || (f.tls_days_left !== null && f.status === 'up');

export function resultOf(f: ResultFact, error = f.error) {
  return {
    id: f.result_id,
    status: f.status,
    status_code: f.status_code,
    response_time_ms: f.response_time_ms,
    error,
    tls_days_left: f.tls_days_left,
    checked_at: new Date(f.checked_at).toISOString(),
  };
}
