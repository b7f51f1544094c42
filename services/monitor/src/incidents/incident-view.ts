import type { IncidentRow } from '../store/repos/incidents-repo.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The API shape of an incident. `duration_seconds` is the whole outage once resolved and the time
 * so far while it lasts, so a dashboard never has to compute it.
 */
export function toIncidentView(r: IncidentRow, now = Date.now()) {
  const end = r.resolved_at ?? now;
  return {
    id: r.id,
    monitor_id: r.monitor_id,
    status: r.status,
    started_at: iso(r.started_at)!,
    resolved_at: iso(r.resolved_at),
    duration_seconds: Math.max(0, Math.round((end - r.started_at) / 1000)),
    root_cause: r.root_cause,
    acknowledged_by: r.acknowledged_by_name,
    acknowledged_at: iso(r.acknowledged_at),
  };
}

export type IncidentView = ReturnType<typeof toIncidentView>;
