import type { Monitor } from '../api/types.js';
import type { FormState } from '../monitors/form-state.js';
import type { LocationsSnapshot } from './location-types.js';
import { LOCAL_LOCATION_ID, type MonitorLocationState } from './location-types.js';

/** The monitor's locations (`["local"]` from a service that predates them). */
export function locationIdsOf(m: Partial<Pick<Monitor, 'location_ids'>>): string[] {
  return m.location_ids?.length ? m.location_ids : [LOCAL_LOCATION_ID];
}

/** Checked from anywhere but `local` alone: such monitors show their locations. */
export function isMultiLocation(m: Partial<Pick<Monitor, 'location_ids'>>): boolean {
  const ids = locationIdsOf(m);
  return !(ids.length === 1 && ids[0] === LOCAL_LOCATION_ID);
}

/** One state per listed location, in the list's order; a location without a state yet is pending. */
export function statesOf(m: Partial<Pick<Monitor, 'location_ids' | 'locations'>>): MonitorLocationState[] {
  const known = new Map((m.locations ?? []).map((s) => [s.location_id, s]));
  return locationIdsOf(m).map(
    (id) =>
      known.get(id) ?? {
        location_id: id,
        status: 'pending',
        counted: true,
        last_checked_at: null,
        last_response_time_ms: null,
        last_error: null,
      },
  );
}

/** Counted unless the monitor's state says otherwise or the location has gone offline since. */
export function isCounted(s: MonitorLocationState, snap: LocationsSnapshot): boolean {
  return s.counted && snap.byId.get(s.location_id)?.status !== 'offline';
}

/** "Europe: down — timeout after 5000 ms", for a dot's tooltip and its screen-reader text. */
export function stateText(s: MonitorLocationState, snap: LocationsSnapshot): string {
  const counted = isCounted(s, snap);
  const detail =
    s.status === 'pending' && !s.last_checked_at
      ? 'no check yet'
      : s.last_error
        ? s.last_error
        : s.last_response_time_ms !== null
          ? `${s.last_response_time_ms} ms`
          : '';
  return `${snap.byId.get(s.location_id)?.name ?? s.location_id}: ${s.status}${counted ? '' : ' (offline, not counted)'}${
    detail ? ` — ${detail}` : ''
  }`;
}

/**
 * The form's locations and quorum as the API takes them. A heartbeat monitor is pushed to this
 * instance, so it runs from `local` only. A quorum that does not parse goes as typed (the 422 names it).
 */
export function locationBody(f: FormState): { location_ids: string[]; quorum: number | string | null } {
  const q = f.quorum.trim();
  if (f.monitor_type === 'heartbeat') return { location_ids: [LOCAL_LOCATION_ID], quorum: null };
  return { location_ids: f.location_ids, quorum: q === '' ? null : /^\d+$/.test(q) ? Number(q) : q };
}
