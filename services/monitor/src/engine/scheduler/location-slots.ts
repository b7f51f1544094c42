import type { Kysely } from 'kysely';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { LocationVerdict, MonitorLocationState } from '../../shared-types/location-shapes.js';
import { locationStatesRepo } from '../../store/repos/location-states-repo.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { isLocalOnly, parseLocationIds as storedLocationIds } from '../locations/monitor-locations.js';
import { isCounted, type LocationVote, type OnlineTest } from '../locations/quorum.js';

/** A monitor's state at one of its locations (a `monitor_locations` row, kept in its slot). */
export interface LocationState extends LocationVote {
  successes: number;
  last_checked_at: number | null;
  last_response_time_ms: number | null;
  last_error: string | null;
}

/**
 * The part of a slot (slot.ts) that holds its locations: declared here, so this file needs no
 * import of slot.ts, which imports this one (a Slot satisfies it).
 */
export interface LocatedSlot {
  id: number;
  locations: LocationState[] | null;
  quorum: number | null;
  checksLocal: boolean;
}

/** The location ids stored on a monitor row; null for a monitor checked from `local` alone. */
export function multiLocationIds(text: string | null): string[] | null {
  const ids = storedLocationIds(text);
  return isLocalOnly(ids) ? null : ids;
}

const fresh = (id: string): LocationState => ({
  location_id: id,
  status: 'pending',
  failures: 0,
  successes: 0,
  last_checked_at: null,
  last_response_time_ms: null,
  last_error: null,
});

/**
 * Copies a monitor's locations into its slot: the states of locations still listed are kept, new
 * ones start pending. A monitor checked from `local` alone has none (and nothing here allocates).
 */
export function configureLocations(slot: LocatedSlot, row: MonitorRow): void {
  slot.quorum = row.quorum;
  const ids = row.location_ids === null ? null : multiLocationIds(row.location_ids);
  if (ids === null) {
    slot.locations = null;
    slot.checksLocal = true;
    return;
  }
  const before = new Map((slot.locations ?? []).map((s) => [s.location_id, s]));
  slot.locations = ids.map((id) => before.get(id) ?? fresh(id));
  slot.checksLocal = ids.includes(LOCAL_LOCATION_ID);
}

/** The state of one location of a slot, or undefined when the monitor does not run from there. */
export function locationOf(slot: LocatedSlot, locationId: string): LocationState | undefined {
  return slot.locations?.find((s) => s.location_id === locationId);
}

/**
 * Reads the stored per-location states of the multi-location monitors among `slots` (one query
 * for all the shards taken; none when every monitor runs from `local` alone).
 */
export async function loadLocationStates(
  db: Kysely<MonitorDB>,
  slots: readonly LocatedSlot[],
  shards: number[],
  shardCount: number,
): Promise<void> {
  const multi = new Map<number, LocatedSlot>();
  for (const s of slots) if (s.locations) multi.set(s.id, s);
  if (multi.size === 0) return;
  for (const r of await locationStatesRepo.inShards(db, shards, shardCount)) {
    const state = multi.get(r.monitor_id)?.locations?.find((s) => s.location_id === r.location_id);
    if (!state) continue;
    state.status = r.status as LocationVerdict;
    state.failures = r.failures;
    state.successes = r.successes;
    state.last_checked_at = r.last_checked_at;
    state.last_response_time_ms = r.last_response_time_ms;
    state.last_error = r.last_error;
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The per-location states as the API and the live events show them. */
export function locationStatesView(
  states: readonly LocationState[],
  online: OnlineTest | undefined,
  monitorType?: string,
): MonitorLocationState[] {
  return states.map((s) => ({
    location_id: s.location_id,
    status: s.status,
    counted: isCounted(s.location_id, online, monitorType),
    last_checked_at: iso(s.last_checked_at),
    last_response_time_ms: s.last_response_time_ms,
    last_error: s.last_error,
  }));
}
