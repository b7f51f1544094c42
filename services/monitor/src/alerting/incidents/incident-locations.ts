import type { MonitorLocationState } from '../../shared-types/location-shapes.js';
import { type IncidentRow, incidentsRepo } from '../../store/repos/incidents-repo.js';
import { locationStatesRepo } from '../../store/repos/location-states-repo.js';
import type { Db } from '../../store/schema.js';
import { incidentLocations } from './incident-view.js';

/** The counted locations that see a multi-location monitor down; undefined for local-only monitors. */
export function downLocations(states: readonly MonitorLocationState[] | undefined): string[] | undefined {
  return states?.filter((s) => s.counted && s.status === 'down').map((s) => s.location_id);
}

/** The JSON stored on a new incident: who saw it down (null for local-only monitors). */
export const locationsColumn = (ids: string[] | undefined) => (ids ? JSON.stringify(ids) : null);

/**
 * Adds the locations that now see the monitor down to its open incident (an incident keeps every
 * location that saw it down while it lasted). Returns the row, updated or as it was.
 */
export async function joinLocations(
  trx: Db,
  row: IncidentRow,
  ids: string[] | undefined,
): Promise<IncidentRow> {
  if (!ids || ids.length === 0) return row;
  const known = incidentLocations(row.locations);
  const added = ids.filter((id) => !known.includes(id));
  if (added.length === 0) return row;
  return incidentsRepo.setLocations(trx, row.id, JSON.stringify([...known, ...added]));
}

/**
 * The locations an incident names, with their names, for its alerts ("down from Europe, Asia");
 * undefined for an incident of a local-only monitor.
 */
export async function alertLocations(trx: Db, row: IncidentRow) {
  if (row.locations === null) return undefined;
  const ids = incidentLocations(row.locations);
  const names = await locationStatesRepo.names(trx, ids);
  return ids.map((id) => ({ id, name: names.get(id) ?? id }));
}
