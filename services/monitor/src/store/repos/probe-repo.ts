import type { Insertable } from 'kysely';
import type { Db, ProbeInboxTable } from '../schema.js';

export type NewInboxRow = Insertable<ProbeInboxTable>;

// Rows per insert: 10 columns each keeps a statement well under SQLite's bound-variable limit.
const INBOX_CHUNK = 500;

/** SQL of the probe endpoints: assignments, taken batches and the inbox of results. */
export const probeRepo = {
  /** Monitors assigned to a location (a monitor_locations row), all or those among `ids`. */
  assigned: (db: Db, locationId: string, ids?: number[]) => {
    let q = db
      .selectFrom('monitors')
      .innerJoin('monitor_locations', 'monitor_locations.monitor_id', 'monitors.id')
      .selectAll('monitors')
      .where('monitor_locations.location_id', '=', locationId);
    if (ids) {
      if (ids.length === 0) return Promise.resolve([]);
      q = q.where('monitors.id', 'in', ids);
    } else q = q.where('monitors.paused', '=', 0);
    return q.orderBy('monitors.id').execute();
  },
  /** Of `ids`, the assigned ones with their paused flag. */
  assignedAmong: async (db: Db, locationId: string, ids: number[]) =>
    ids.length === 0
      ? new Map<number, boolean>()
      : new Map(
          (
            await db
              .selectFrom('monitor_locations')
              .innerJoin('monitors', 'monitors.id', 'monitor_locations.monitor_id')
              .select(['monitors.id', 'monitors.paused'])
              .where('monitor_locations.location_id', '=', locationId)
              .where('monitors.id', 'in', ids)
              .execute()
          ).map((r) => [Number(r.id), r.paused === 1]),
        ),
  /** Records a batch as taken; false when it was taken before (a replay). */
  takeBatch: async (db: Db, locationId: string, batchId: string, at: number) => {
    const r = await db
      .insertInto('probe_batches')
      .values({ location_id: locationId, batch_id: batchId, received_at: at })
      .onConflict((oc) => oc.columns(['location_id', 'batch_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  insertInbox: async (db: Db, rows: NewInboxRow[]) => {
    for (let i = 0; i < rows.length; i += INBOX_CHUNK) {
      await db
        .insertInto('probe_inbox')
        .values(rows.slice(i, i + INBOX_CHUNK))
        .execute();
    }
  },
  /** Forgets batch ids older than `before` (a probe replays within its spool's life, not forever). */
  pruneBatches: (db: Db, before: number) =>
    db.deleteFrom('probe_batches').where('received_at', '<', before).executeTakeFirst(),
};
