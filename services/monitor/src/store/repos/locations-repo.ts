import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { Db, LocationsTable } from '../schema.js';

export type LocationRow = Selectable<LocationsTable>;
export type NewLocationRow = Insertable<LocationsTable>;
export type LocationUpdate = Updateable<LocationsTable>;

/** SQL for check locations; probe tokens are only ever stored as hashes. */
export const locationsRepo = {
  list: (db: Db) => db.selectFrom('locations').selectAll().orderBy('name').orderBy('id').execute(),
  byId: (db: Db, id: string) =>
    db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst(),
  byTokenPrefix: (db: Db, prefix: string) =>
    db.selectFrom('locations').selectAll().where('token_prefix', '=', prefix).execute(),
  /** Which of `ids` exist. */
  existing: async (db: Db, ids: string[]) =>
    new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('locations').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    ),
  insert: (db: Db, row: NewLocationRow) =>
    db.insertInto('locations').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: string, patch: LocationUpdate) =>
    db.updateTable('locations').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  remove: (db: Db, id: string) => db.deleteFrom('locations').where('id', '=', id).execute(),

  /**
   * How many monitors run from each location: their monitor_locations rows, and for `local` also
   * the monitors without rows (local only).
   */
  monitorCounts: async (db: Db): Promise<Map<string, number>> => {
    const rows = await db
      .selectFrom('monitor_locations')
      .select(['location_id', (e) => e.fn.countAll<number | string>().as('n')])
      .groupBy('location_id')
      .execute();
    const out = new Map<string, number>();
    for (const r of rows) out.set(r.location_id, Number(r.n));
    const localOnly = await db
      .selectFrom('monitors')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('location_ids', 'is', null)
      .executeTakeFirstOrThrow();
    out.set(LOCAL_LOCATION_ID, (out.get(LOCAL_LOCATION_ID) ?? 0) + Number(localOnly.n));
    return out;
  },

  /** A probe reported: seen now, with `skew` and `version` when it told them (the status is set apart). */
  markSeen: (
    db: Db,
    id: string,
    at: number,
    fields: { skew_ms?: number; version?: string; unsupported_types?: string | null },
  ) =>
    db
      .updateTable('locations')
      .set({ last_seen_at: at, ...fields })
      .where('id', '=', id)
      .execute(),

  /** Remote locations online whose last report is older than their own limit at `now`. */
  silentSince: (db: Db, now: number) =>
    db
      .selectFrom('locations')
      .selectAll()
      .where('is_local', '=', 0)
      .where('status', '=', 'online')
      .where(
        sql<boolean>`coalesce(last_seen_at, 0) < cast(${now} as bigint) - 1000 * (case when 3 * heartbeat_seconds > 30 then 3 * heartbeat_seconds else 30 end)`,
      )
      .execute(),
  /** Remote locations offline whose last report is recent (a post or heartbeat that another instance took). */
  heardSince: (db: Db, now: number) =>
    db
      .selectFrom('locations')
      .selectAll()
      .where('is_local', '=', 0)
      .where('status', '=', 'offline')
      .where('last_seen_at', 'is not', null)
      .where(
        sql<boolean>`last_seen_at >= cast(${now} as bigint) - 1000 * (case when 3 * heartbeat_seconds > 30 then 3 * heartbeat_seconds else 30 end)`,
      )
      .execute(),
  /** Sets the status only if it is still `from` (another instance may have changed it); true when changed. */
  setStatus: async (db: Db, id: string, from: 'online' | 'offline', to: 'online' | 'offline', at: number) => {
    const r = await db
      .updateTable('locations')
      .set({ status: to, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Channels linked to at least one monitor that runs from `locationId` (each once). */
  channelIdsOfMonitorsAt: async (db: Db, locationId: string) =>
    (
      await db
        .selectFrom('monitor_channels')
        .innerJoin('monitor_locations', 'monitor_locations.monitor_id', 'monitor_channels.monitor_id')
        .select('monitor_channels.channel_id')
        .distinct()
        .where('monitor_locations.location_id', '=', locationId)
        .execute()
    ).map((r) => Number(r.channel_id)),

  // --- a monitor's locations ---

  /** Replaces a monitor's location rows, keeping the state of the locations it keeps. */
  setForMonitor: async (db: Db, monitorId: number, ids: string[]) => {
    if (ids.length === 0) {
      await db.deleteFrom('monitor_locations').where('monitor_id', '=', monitorId).execute();
      return;
    }
    await db
      .deleteFrom('monitor_locations')
      .where('monitor_id', '=', monitorId)
      .where('location_id', 'not in', ids)
      .execute();
    await db
      .insertInto('monitor_locations')
      .values(ids.map((location_id) => ({ monitor_id: monitorId, location_id })))
      .onConflict((oc) => oc.columns(['monitor_id', 'location_id']).doNothing())
      .execute();
  },
  /** Per-location states of the given monitors. */
  statesOf: async (db: Db, monitorIds: number[]) =>
    monitorIds.length === 0
      ? []
      : db.selectFrom('monitor_locations').selectAll().where('monitor_id', 'in', monitorIds).execute(),
  /** Ids of the monitors that run from `locationId` (rows only: not the local-only ones). */
  monitorIdsAt: async (db: Db, locationId: string) =>
    (
      await db
        .selectFrom('monitor_locations')
        .select('monitor_id')
        .where('location_id', '=', locationId)
        .execute()
    ).map((r) => Number(r.monitor_id)),
};
