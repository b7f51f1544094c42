import { iso } from '../../platform/http/schemas.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { LocationVerdict, MonitorLocationState } from '../../shared-types/location-shapes.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { Db } from '../../store/schema.js';
import { parseLocationIds } from './monitor-locations.js';

const VERDICTS = new Set<string>(['pending', 'up', 'degraded', 'down']);
const verdict = (s: string): LocationVerdict => (VERDICTS.has(s) ? (s as LocationVerdict) : 'pending');

/** A local-only monitor's one location: its own runtime (paused and maintenance read as pending). */
function localState(row: MonitorRow): MonitorLocationState {
  return {
    location_id: LOCAL_LOCATION_ID,
    status: verdict(row.current_status),
    counted: true,
    last_checked_at: row.last_checked_at === null ? null : iso(row.last_checked_at),
    last_response_time_ms: row.last_response_time_ms,
    last_error: null,
  };
}

/**
 * Each monitor's per-location states in its own location order, in one query for all of them.
 * A location's verdict counts while it is online and runs the monitor's type (`isOnline`, from memory).
 */
export async function locationStates(
  db: Db,
  rows: MonitorRow[],
  isOnline: (id: string, monitorType?: string) => boolean,
): Promise<Map<number, MonitorLocationState[]>> {
  const multi = rows.filter((r) => r.location_ids !== null).map((r) => r.id);
  const stored = new Map<string, Awaited<ReturnType<typeof locationsRepo.statesOf>>[number]>();
  for (const s of await locationsRepo.statesOf(db, multi)) stored.set(`${s.monitor_id}:${s.location_id}`, s);
  const out = new Map<number, MonitorLocationState[]>();
  for (const r of rows) {
    if (r.location_ids === null) {
      out.set(r.id, [localState(r)]);
      continue;
    }
    out.set(
      r.id,
      parseLocationIds(r.location_ids).map((id) => {
        const s = stored.get(`${r.id}:${id}`);
        return {
          location_id: id,
          status: verdict(s?.status ?? 'pending'),
          counted: isOnline(id, r.monitor_type),
          last_checked_at: s?.last_checked_at == null ? null : iso(s.last_checked_at),
          last_response_time_ms: s?.last_response_time_ms ?? null,
          last_error: s?.last_error ?? null,
        };
      }),
    );
  }
  return out;
}
