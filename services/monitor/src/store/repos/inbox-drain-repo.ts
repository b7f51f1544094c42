import { type Selectable, sql } from 'kysely';
import type { ProbeInboxTable } from '../locations-schema.js';
import type { Db } from '../schema.js';

export type InboxRow = Selectable<ProbeInboxTable>;

// Keeps each statement well under SQLite's bound-parameter limit.
const CHUNK = 500;

/** SQL for the engine's side of `probe_inbox`: reading what waits, deleting what was stored. */
export const inboxDrainRepo = {
  /** The waiting results of these monitors, oldest first. */
  forMonitors: async (db: Db, monitorIds: number[]): Promise<InboxRow[]> => {
    const out: InboxRow[] = [];
    for (let i = 0; i < monitorIds.length; i += CHUNK) {
      const ids = monitorIds.slice(i, i + CHUNK);
      out.push(...(await db.selectFrom('probe_inbox').selectAll().where('monitor_id', 'in', ids).execute()));
    }
    return out.sort((a, b) => a.id - b.id);
  },
  /** The waiting results of the monitors of the given shards, oldest first (one query). */
  inShards: (db: Db, shards: number[], shardCount: number) =>
    db
      .selectFrom('probe_inbox')
      .selectAll()
      .where(sql<number>`monitor_id % ${shardCount}`, 'in', shards)
      .orderBy('id')
      .execute(),
  /** Removes stored (or discarded) results. */
  remove: async (db: Db, ids: number[]): Promise<void> => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await db
        .deleteFrom('probe_inbox')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
    }
  },
};
