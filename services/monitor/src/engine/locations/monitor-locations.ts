import type { FieldProblem } from '@app/kit';
import { errors } from '../../errors.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import type { Db } from '../../store/schema.js';

/** A monitor's location list from its JSON column (null: local only). */
export function parseLocationIds(text: string | null): string[] {
  if (!text) return [LOCAL_LOCATION_ID];
  try {
    const ids: unknown = JSON.parse(text);
    const list = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    return list.length === 0 ? [LOCAL_LOCATION_ID] : list;
  } catch {
    // A malformed column must not stop the engine: the monitor runs from here, as by default.
    return [LOCAL_LOCATION_ID];
  }
}

/** True for the default list: no monitor_locations rows, a null column, today's code path. */
export function isLocalOnly(ids: string[]): boolean {
  return ids.length === 1 && ids[0] === LOCAL_LOCATION_ID;
}

/** What a client may send about where a monitor runs from. */
export interface LocationInput {
  location_ids?: string[] | undefined;
  quorum?: number | null | undefined;
}

/**
 * The problems of a location list and quorum (paths relative to the monitor, prefixed by `at`):
 * an empty list, unknown ids, a remote location on a heartbeat monitor, a quorum outside 1..n.
 */
export function locationProblems(
  sent: string[],
  quorum: number | null,
  monitorType: string,
  known: Set<string>,
  at = '',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const ids = [...new Set(sent)];
  if (sent.length === 0)
    problems.push({ path: `${at}location_ids`, message: 'must list at least one location' });
  sent.forEach((id, i) => {
    if (!known.has(id))
      problems.push({ path: `${at}location_ids.${i}`, message: `location "${id}" does not exist` });
  });
  if (monitorType === 'heartbeat' && ids.length > 0 && !isLocalOnly(ids)) {
    problems.push({
      path: `${at}location_ids`,
      message: 'must be ["local"] for heartbeat monitors (they are pinged at the central instance)',
    });
  }
  if (quorum !== null && ids.length > 0 && (!Number.isInteger(quorum) || quorum < 1 || quorum > ids.length)) {
    problems.push({
      path: `${at}quorum`,
      message: `must be between 1 and the number of locations (${ids.length})`,
    });
  }
  return problems;
}

/**
 * The monitor's location list and quorum after a write: on create and replace an omitted field
 * takes its default (`["local"]`, null); on patch it keeps the stored value. Problems are a 422
 * naming the field, and nothing is written.
 */
export async function resolveLocations(
  db: Db,
  input: LocationInput,
  opts: {
    mode: 'create' | 'replace' | 'patch';
    monitorType: string;
    stored?: { location_ids: string | null; quorum: number | null };
  },
): Promise<{ ids: string[]; quorum: number | null }> {
  const stored = opts.mode === 'patch' ? opts.stored : undefined;
  const sent = input.location_ids ?? (stored ? parseLocationIds(stored.location_ids) : [LOCAL_LOCATION_ID]);
  const quorum = input.quorum !== undefined ? input.quorum : stored ? stored.quorum : null;
  const ids = [...new Set(sent)];
  const problems = locationProblems(sent, quorum, opts.monitorType, await locationsRepo.existing(db, ids));
  if (problems.length > 0) {
    throw errors.validation_failed(
      `Invalid locations: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
  return { ids, quorum };
}

/** The monitors columns of a location list: null for local only (the JSON copy otherwise). */
export function locationColumns(loc: { ids: string[]; quorum: number | null }) {
  return { location_ids: isLocalOnly(loc.ids) ? null : JSON.stringify(loc.ids), quorum: loc.quorum };
}

/**
 * Stores a monitor's location rows in the caller's transaction (with its columns, written by the
 * caller): none for a local-only monitor, otherwise one per location; the states of the
 * locations it keeps stay.
 */
export async function saveLocationRows(db: Db, monitorId: number, loc: { ids: string[] }): Promise<void> {
  await locationsRepo.setForMonitor(db, monitorId, isLocalOnly(loc.ids) ? [] : loc.ids);
}
