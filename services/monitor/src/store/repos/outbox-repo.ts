import type { DialectName } from '@app/kit';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, NotificationDeliveriesTable, NotificationOutboxTable } from '../schema.js';

export type OutboxRow = Selectable<NotificationOutboxTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;

/** SQL for the notification outbox and its attempt log. */
export const outboxRepo = {
  /** Inserts unless (channel_id, dedup_key) exists; returns the new id or undefined for a duplicate. */
  insertOnce: async (db: Db, row: Insertable<NotificationOutboxTable>) =>
    (
      await db
        .insertInto('notification_outbox')
        .values(row)
        .onConflict((oc) => oc.columns(['channel_id', 'dedup_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,
  /** Inserts a row already leased to its creator (delivered at once by the same process). */
  insertClaimed: (db: Db, row: Insertable<NotificationOutboxTable>) =>
    db.insertInto('notification_outbox').values(row).returningAll().executeTakeFirstOrThrow(),
  byId: (db: Db, id: number) =>
    db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirst(),

  /**
   * Leases up to `limit` due rows to `owner` until `leaseUntil`, counting the attempt. The lease
   * condition is repeated in the UPDATE so two instances racing for a row cannot both win it;
   * PostgreSQL additionally skips rows another claimer has locked instead of waiting for them.
   */
  claimDue: async (
    db: Db,
    dialect: DialectName,
    owner: string,
    now: number,
    leaseUntil: number,
    limit: number,
    onlyId?: number,
  ) => {
    let pick = db
      .selectFrom('notification_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (onlyId !== undefined) pick = pick.where('id', '=', onlyId);
    if (dialect === 'postgres') pick = pick.forUpdate().skipLocked();
    return db
      .updateTable('notification_outbox')
      .set((eb) => ({ lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', pick)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .execute();
  },

  /** Settles a claimed row, only while `owner` still holds its lease; false when the lease was lost. */
  settle: async (
    db: Db,
    id: number,
    owner: string,
    patch: Pick<OutboxRow, 'status' | 'next_attempt_at' | 'last_error' | 'finished_at'>,
  ) => {
    const r = await db
      .updateTable('notification_outbox')
      .set({ ...patch, lease_owner: null, lease_until: null })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  recordAttempt: (db: Db, row: Insertable<NotificationDeliveriesTable>) =>
    db.insertInto('notification_deliveries').values(row).execute(),

  /** Attempts for a channel, newest first. */
  deliveries: (db: Db, channelId: number, limit: number, beforeId?: number) => {
    let q = db.selectFrom('notification_deliveries').selectAll().where('channel_id', '=', channelId);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },

  /** Deletes finished rows (delivered or given up) older than `before`, with their attempts. */
  pruneFinished: async (db: Db, before: number) => {
    const old = db
      .selectFrom('notification_outbox')
      .select('id')
      .where('status', '!=', 'pending')
      .where('finished_at', '<', before);
    await db.deleteFrom('notification_deliveries').where('outbox_id', 'in', old).execute();
    const r = await db
      .deleteFrom('notification_outbox')
      .where('status', '!=', 'pending')
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /** Rows still waiting (for status and tests). */
  countPending: async (db: Db) =>
    Number(
      (
        await db
          .selectFrom('notification_outbox')
          .select(sql<number>`count(*)`.as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    ),
};
