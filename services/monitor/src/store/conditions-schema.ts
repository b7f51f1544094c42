/** Tables of dependencies and conditions (migration 061); times are epoch milliseconds. */

/** Monitor `monitor_id` depends on `depends_on_id` (its parent). */
export interface MonitorDependenciesTable {
  monitor_id: number;
  depends_on_id: number;
}

/** A dependant that an incident of its parent took down with it. */
export interface IncidentAffectedTable {
  incident_id: number;
  monitor_id: number;
  added_at: number;
}

/** Why a monitor reads `down` although its own incident rules did not decide it. */
export type StatusReason = 'dependency_down';

export type IncidentSeverity = 'major' | 'minor';
