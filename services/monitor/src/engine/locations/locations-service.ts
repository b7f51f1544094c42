import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { newProbeToken } from '../../identity/auth/probe-token.js';
import { audited } from '../../platform/audit/audit.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { LocationView, LocationWithToken } from '../../shared-types/location-shapes.js';
import { type LocationRow, locationsRepo } from '../../store/repos/locations-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { toLocationView, withToken } from './location-view.js';
import { type MonitorChangeDeps, monitorChanged } from './monitor-changes.js';
import { isLocalOnly, parseLocationIds } from './monitor-locations.js';

export const LOCATION_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

export interface LocationCreate {
  name: string;
  id?: string | undefined;
  region?: string | null | undefined;
  heartbeat_seconds?: number | undefined;
}
export type LocationPatch = Partial<Omit<LocationCreate, 'id'>>;

/** The default id of a location: its name as a slug (`Europe West` → `europe-west`). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug === '' ? 'location' : slug;
}

async function requireLocation(db: Db, id: string): Promise<LocationRow> {
  const row = await locationsRepo.byId(db, id);
  if (!row) throw errors.not_found(`Location "${id}" does not exist.`);
  return row;
}

async function viewOf(db: Db, row: LocationRow): Promise<LocationView> {
  const counts = await locationsRepo.monitorCounts(db);
  return toLocationView(row, counts.get(row.id) ?? 0);
}

/** What the location services use (AppContext satisfies it). */
export interface LocationsDeps extends MonitorChangeDeps {
  db: Kysely<MonitorDB>;
  bus: Pick<EventBus, 'publish'>;
  /** This instance's registry of online locations. */
  locations: { set(id: string, status: 'online' | 'offline'): void };
}

/** Every location: `local` first, then by name. */
export async function listLocations(ctx: LocationsDeps): Promise<LocationView[]> {
  const [rows, counts] = await Promise.all([locationsRepo.list(ctx.db), locationsRepo.monitorCounts(ctx.db)]);
  const now = Date.now();
  const local = rows.filter((r) => r.is_local === 1);
  const rest = rows.filter((r) => r.is_local !== 1);
  return [...local, ...rest].map((r) => toLocationView(r, counts.get(r.id) ?? 0, now));
}

export async function getLocation(ctx: LocationsDeps, id: string): Promise<LocationView> {
  return viewOf(ctx.db, await requireLocation(ctx.db, id));
}

/** Creates a remote location; its probe token exists only in this answer. */
export async function createLocation(
  ctx: LocationsDeps,
  req: FastifyRequest,
  input: LocationCreate,
): Promise<LocationWithToken> {
  const id = input.id ?? slugOf(input.name);
  if (!LOCATION_ID.test(id)) {
    throw errors.validation_failed(`The location id "${id}" is not a slug.`, {
      errors: [{ path: 'id', message: 'must match [a-z0-9][a-z0-9-]{0,31}' }],
    });
  }
  const token = newProbeToken();
  const now = Date.now();
  const view = await audited(ctx, req, async (trx) => {
    if (await locationsRepo.byId(trx, id)) {
      throw errors.location_id_taken(`A location with the id "${id}" already exists.`);
    }
    const row = await locationsRepo.insert(trx, {
      id,
      name: input.name,
      region: input.region ?? null,
      is_local: 0,
      token_prefix: token.prefix,
      token_hash: token.hash,
      status: 'offline',
      last_seen_at: null,
      version: null,
      skew_ms: null,
      heartbeat_seconds: input.heartbeat_seconds ?? 10,
      created_at: now,
      updated_at: now,
    });
    const v = toLocationView(row, 0, now);
    return [v, { action: 'location.create', resource_type: 'location', resource_id: id, detail: input }];
  });
  ctx.bus.publish('location.updated', view);
  return withToken(view, token.raw);
}

/** Renames a location or changes its region or heartbeat (`local`: name and region only). */
export async function updateLocation(
  ctx: LocationsDeps,
  req: FastifyRequest,
  id: string,
  input: LocationPatch,
): Promise<LocationView> {
  const view = await audited(ctx, req, async (trx) => {
    const old = await requireLocation(trx, id);
    if (old.is_local === 1 && input.heartbeat_seconds !== undefined) {
      throw errors.validation_failed('The local location has no heartbeat: it is this instance.', {
        errors: [{ path: 'heartbeat_seconds', message: 'cannot be set on the local location' }],
      });
    }
    const row = await locationsRepo.update(trx, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.region !== undefined && { region: input.region }),
      ...(input.heartbeat_seconds !== undefined && { heartbeat_seconds: input.heartbeat_seconds }),
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    });
    const v = await viewOf(trx, row!);
    return [v, { action: 'location.update', resource_type: 'location', resource_id: id, detail: input }];
  });
  ctx.bus.publish('location.updated', view);
  return view;
}

/**
 * Takes a location off every monitor (in `trx`, before it is removed); a monitor left with no
 * location, or with `local` alone, runs from `local`. Returns the monitors changed, for the engine.
 */
export async function detachLocation(trx: Db, id: string) {
  const monitorIds = await locationsRepo.monitorIdsAt(trx, id);
  const rows = [];
  for (const m of await monitorsRepo.byIds(trx, monitorIds)) {
    const left = parseLocationIds(m.location_ids).filter((l) => l !== id);
    const ids = left.length === 0 ? [LOCAL_LOCATION_ID] : left;
    const localOnly = isLocalOnly(ids);
    await locationsRepo.setForMonitor(trx, m.id, localOnly ? [] : ids);
    const quorum = m.quorum !== null && m.quorum > ids.length ? ids.length : m.quorum;
    const r = await monitorsRepo.update(trx, m.id, {
      location_ids: localOnly ? null : JSON.stringify(ids),
      quorum,
      updated_at: Math.max(Date.now(), m.updated_at + 1),
    });
    rows.push(r!);
  }
  return { monitorIds, rows };
}

/**
 * Deletes a remote location and takes it off every monitor; a monitor left with no location, or
 * with `local` alone, runs from `local` as a local-only monitor.
 */
export async function deleteLocation(ctx: LocationsDeps, req: FastifyRequest, id: string): Promise<void> {
  const changed = await audited(ctx, req, async (trx) => {
    const old = await requireLocation(trx, id);
    if (old.is_local === 1) throw errors.local_location('The local location cannot be deleted.');
    const { monitorIds, rows } = await detachLocation(trx, id);
    await locationsRepo.remove(trx, id);
    const detail = { name: old.name, monitors: monitorIds };
    return [rows, { action: 'location.delete', resource_type: 'location', resource_id: id, detail }];
  });
  for (const r of changed) monitorChanged(ctx, r);
  ctx.locations.set(id, 'offline');
  ctx.bus.publish('location.deleted', { id });
}

/** A new probe token for a location; the old one stops working at once. */
export async function rotateLocationToken(
  ctx: LocationsDeps,
  req: FastifyRequest,
  id: string,
): Promise<LocationWithToken> {
  const token = newProbeToken();
  const view = await audited(ctx, req, async (trx) => {
    const old = await requireLocation(trx, id);
    if (old.is_local === 1) throw errors.local_location('The local location has no probe token.');
    const row = await locationsRepo.update(trx, id, {
      token_prefix: token.prefix,
      token_hash: token.hash,
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    });
    const v = await viewOf(trx, row!);
    return [v, { action: 'location.rotate_token', resource_type: 'location', resource_id: id, detail: null }];
  });
  // Open probe streams of the old token hear this and end.
  ctx.bus.publish('location.updated', view);
  return withToken(view, token.raw);
}
