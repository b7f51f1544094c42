import { iso } from '../../platform/http/schemas.js';
import { SERVICE_VERSION } from '../../service-root.js';
import type { LocationView, LocationWithToken } from '../../shared-types/location-shapes.js';
import type { LocationRow } from '../../store/repos/locations-repo.js';

/** The API shape of a location; `local` is this program: always online, seen now, no skew. */
export function toLocationView(row: LocationRow, monitorCount: number, now = Date.now()): LocationView {
  const local = row.is_local === 1;
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    is_local: local,
    status: local ? 'online' : row.status,
    last_seen_at: local ? iso(now) : row.last_seen_at === null ? null : iso(row.last_seen_at),
    version: local ? SERVICE_VERSION : row.version,
    skew_ms: local ? 0 : row.skew_ms,
    heartbeat_seconds: row.heartbeat_seconds,
    monitor_count: monitorCount,
    config_key: row.managed === 1 ? row.id : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function withToken(view: LocationView, token: string): LocationWithToken {
  return { ...view, token };
}

/** Silence after which a location is offline: 3 heartbeats, at least 30 s. */
export function offlineAfterMs(heartbeatSeconds: number): number {
  return Math.max(3 * heartbeatSeconds, 30) * 1000;
}
