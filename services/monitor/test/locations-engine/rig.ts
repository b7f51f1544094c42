import type { BusEvent } from '../../src/platform/events/event-bus.js';
import type { MonitorLocationState } from '../../src/shared-types/location-shapes.js';
import { monitorsRepo } from '../../src/store/repos/monitors-repo.js';
import { type Harness, waitFor } from '../engine/harness.js';

/**
 * Test helpers for the engine's side of issue 13. The locations API and the probe endpoints are
 * built elsewhere, so these write `locations`, `monitor_locations`, `monitors.location_ids` and
 * `probe_inbox` rows directly, as those endpoints will, and then call the engine's entry point.
 */

export const LOCATIONS = [
  { id: 'eu', name: 'Europe' },
  { id: 'us', name: 'US East' },
  { id: 'asia', name: 'Asia' },
];

/** Inserts the probe locations (online) and makes the registry read them. */
export async function addLocations(h: Harness, list = LOCATIONS): Promise<void> {
  const db = h.server.ctx.db;
  const now = Date.now();
  for (const l of list) {
    await db
      .insertInto('locations')
      .values({
        id: l.id,
        name: l.name,
        region: null,
        is_local: 0,
        token_prefix: null,
        token_hash: null,
        status: 'online',
        last_seen_at: now,
        version: null,
        skew_ms: 0,
        heartbeat_seconds: 10,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await h.server.ctx.locations.refresh();
}

/** Marks a location online or offline, in the database and in the registry (as the watch does). */
export async function setOnline(h: Harness, id: string, online: boolean): Promise<void> {
  const status = online ? 'online' : 'offline';
  await h.server.ctx.db.updateTable('locations').set({ status }).where('id', '=', id).execute();
  h.server.ctx.locations.set(id, status);
}

/** Gives a monitor its locations (as the monitors API will) and tells the engine. */
export async function assignLocations(
  h: Harness,
  monitorId: number,
  ids: string[],
  quorum: number | null = null,
): Promise<void> {
  const db = h.server.ctx.db;
  await db
    .updateTable('monitors')
    .set({ location_ids: JSON.stringify(ids), quorum, updated_at: Date.now() })
    .where('id', '=', monitorId)
    .execute();
  await db.deleteFrom('monitor_locations').where('monitor_id', '=', monitorId).execute();
  await db
    .insertInto('monitor_locations')
    .values(ids.map((location_id) => ({ monitor_id: monitorId, location_id })))
    .execute();
  h.server.ctx.engine.apply((await monitorsRepo.byId(db, monitorId))!);
}

export interface ProbeVote {
  loc: string;
  status: 'up' | 'down';
  at?: number;
  error?: string;
}

/** Stores probe results in the inbox (as POST /api/probe/results does); returns their row ids. */
export async function toInbox(h: Harness, monitorId: number, votes: ProbeVote[]): Promise<number[]> {
  const ids: number[] = [];
  for (const v of votes) {
    const row = await h.server.ctx.db
      .insertInto('probe_inbox')
      .values({
        location_id: v.loc,
        monitor_id: monitorId,
        checked_at: v.at ?? Date.now(),
        status: v.status === 'up' ? 1 : 0,
        response_time_ms: v.status === 'up' ? 12 : null,
        status_code: v.status === 'up' ? 200 : 503,
        error: v.status === 'up' ? null : (v.error ?? 'HTTP 503'),
        tls_days_left: null,
        received_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Waits until the inbox holds nothing for the monitor (every row judged and stored). */
export async function drained(h: Harness, monitorId: number): Promise<void> {
  await waitFor('the inbox drained', async () => {
    const left = await h.server.ctx.db
      .selectFrom('probe_inbox')
      .select('id')
      .where('monitor_id', '=', monitorId)
      .execute();
    return left.length === 0 ? true : undefined;
  });
}

/** Stores probe results, announces them to the engine, and waits until they are stored. */
export async function vote(h: Harness, monitorId: number, votes: ProbeVote[]): Promise<void> {
  await toInbox(h, monitorId, votes);
  h.server.ctx.engine.inboxArrived([monitorId]);
  await drained(h, monitorId);
}

export const monitorRow = async (h: Harness, id: number) => (await monitorsRepo.byId(h.server.ctx.db, id))!;

/** The stored per-location states of a monitor, by location id. */
export async function statesOf(h: Harness, monitorId: number) {
  const rows = await h.server.ctx.db
    .selectFrom('monitor_locations')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.location_id, r]));
}

/** Events of the engine's own bus, collected until `stop()`. */
export function collect(h: Harness) {
  const seen: BusEvent[] = [];
  const stop = h.server.ctx.bus.tap((e) => seen.push(e));
  return {
    seen,
    stop,
    of: <T = Record<string, unknown>>(name: string, monitorId: number) =>
      seen
        .filter((e) => e.event === name && (e.data as { monitor_id: number }).monitor_id === monitorId)
        .map((e) => e.data as T),
  };
}

export type CheckResultEvent = {
  location_id: string;
  status: string;
  monitor_status: string;
  locations?: MonitorLocationState[];
};
