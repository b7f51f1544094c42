import { type Selectable, sql } from 'kysely';
import type { MonitorLocationsTable } from '../locations-schema.js';
import type { Db } from '../schema.js';

export type LocationStateRow = Selectable<MonitorLocationsTable>;

// Keeps each statement well under SQLite's bound-parameter limit (8 values a row).
const CHUNK = 400;

/** SQL for the per-location states of monitors (`monitor_locations`) as the engine keeps them. */
export const locationStatesRepo = {
  /** The states of the monitors of the given shards (id modulo `shardCount`). */
  inShards: (db: Db, shards: number[], shardCount: number) =>
    db
      .selectFrom('monitor_locations')
      .selectAll()
      .where(sql<number>`monitor_id % ${shardCount}`, 'in', shards)
      .execute(),
  /** The names of these locations (for alerts). */
  names: async (db: Db, ids: string[]): Promise<Map<string, string>> =>
    new Map(
      ids.length === 0
        ? []
        : (await db.selectFrom('locations').select(['id', 'name']).where('id', 'in', ids).execute()).map(
            (r) => [r.id, r.name],
          ),
    ),
  /**
   * Writes the engine's latest states. Only rows that exist are written: a location taken off the
   * monitor (or deleted) meanwhile is not brought back, and a deleted one cannot fail the batch.
   */
  write: async (db: Db, rows: LocationStateRow[]): Promise<void> => {
    if (rows.length === 0) return;
    const monitorIds = [...new Set(rows.map((r) => r.monitor_id))];
    const present = new Set(
      (
        await db
          .selectFrom('monitor_locations')
          .select(['monitor_id', 'location_id'])
          .where('monitor_id', 'in', monitorIds)
          .execute()
      ).map((r) => `${r.monitor_id}:${r.location_id}`),
    );
    const live = rows.filter((r) => present.has(`${r.monitor_id}:${r.location_id}`));
    for (let i = 0; i < live.length; i += CHUNK) {
      await db
        .insertInto('monitor_locations')
        .values(live.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['monitor_id', 'location_id']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            failures: eb.ref('excluded.failures'),
            successes: eb.ref('excluded.successes'),
            last_checked_at: eb.ref('excluded.last_checked_at'),
            last_response_time_ms: eb.ref('excluded.last_response_time_ms'),
            last_error: eb.ref('excluded.last_error'),
          })),
        )
        .execute();
    }
  },
};
