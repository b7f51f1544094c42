import type { IncidentUpdateRow } from '../../store/repos/incident-updates-repo.js';
import type { IncidentRow } from '../../store/repos/incidents-repo.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The location ids stored on an incident (JSON); [] for monitors checked from `local` alone. */
export function incidentLocations(text: string | null): string[] {
  if (!text) return [];
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

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
    severity: r.severity,
    started_at: iso(r.started_at)!,
    resolved_at: iso(r.resolved_at),
    duration_seconds: Math.max(0, Math.round((end - r.started_at) / 1000)),
    root_cause: r.root_cause,
    acknowledged_by: r.acknowledged_by_name,
    acknowledged_at: iso(r.acknowledged_at),
    // Null when a successful check resolved it (or it is still open).
    resolved_by: r.resolved_by_name,
    postmortem: r.postmortem,
    // The counted locations that saw the monitor down (issue 13).
    locations: incidentLocations(r.locations),
  };
}

export type IncidentView = ReturnType<typeof toIncidentView>;

/** One timeline entry; `author` is null for entries nobody signed (none today, kept for imports). */
export function toIncidentUpdateView(u: IncidentUpdateRow) {
  return {
    id: u.id,
    status: u.status,
    message: u.message,
    author: u.author_id === null ? null : { id: u.author_id, username: u.author_name ?? '' },
    author_name: u.author_name,
    created_at: iso(u.created_at)!,
  };
}

export type IncidentUpdateView = ReturnType<typeof toIncidentUpdateView>;

/** An incident with its timeline, oldest update first: what GET /api/incidents/{id} answers. */
export function toIncidentDetail(
  r: IncidentRow,
  updates: IncidentUpdateRow[],
  now = Date.now(),
  affected: { id: number; name: string }[] = [],
) {
  return { ...toIncidentView(r, now), updates: updates.map(toIncidentUpdateView), affected };
}

export type IncidentDetail = ReturnType<typeof toIncidentDetail>;
