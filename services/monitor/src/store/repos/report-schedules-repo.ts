import type { Insertable, Selectable } from 'kysely';
import type { Db, NotificationOutboxTable, ReportSchedulesTable } from '../schema.js';

export type ReportScheduleRow = Selectable<ReportSchedulesTable>;

/** SQL for report schedules and the (schedule, period) claims that make each period go out once. */
export const reportSchedulesRepo = {
  insert: (db: Db, row: Insertable<ReportSchedulesTable>) =>
    db.insertInto('report_schedules').values(row).returningAll().executeTakeFirstOrThrow(),
  list: (db: Db) => db.selectFrom('report_schedules').selectAll().orderBy('id').execute(),
  active: (db: Db) =>
    db.selectFrom('report_schedules').selectAll().where('is_active', '=', 1).orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst(),
  remove: async (db: Db, id: number) =>
    Number((await db.deleteFrom('report_schedules').where('id', '=', id).executeTakeFirst()).numDeletedRows) >
    0,
  isSent: async (db: Db, scheduleId: number, periodStart: number) =>
    (await db
      .selectFrom('report_sends')
      .select('schedule_id')
      .where('schedule_id', '=', scheduleId)
      .where('period_start', '=', periodStart)
      .executeTakeFirst()) !== undefined,
  /**
   * Claims (schedule, period) and queues its mail, in one transaction: the primary key lets one
   * claimer win, whatever the number of instances; false when another already had it.
   */
  async claimAndQueue(
    db: Db & { transaction: Extract<Db, { transaction: unknown }>['transaction'] },
    claim: {
      schedule_id: number;
      period_start: number;
      period_end: number;
      claimed_by: string;
      created_at: number;
    },
    outbox: Insertable<NotificationOutboxTable>,
  ): Promise<number | null> {
    return db.transaction().execute(async (trx) => {
      const won = await trx
        .insertInto('report_sends')
        .values({ ...claim, outbox_id: null })
        .onConflict((oc) => oc.columns(['schedule_id', 'period_start']).doNothing())
        .returning('schedule_id')
        .executeTakeFirst();
      if (!won) return null;
      const row = await trx
        .insertInto('notification_outbox')
        .values(outbox)
        .onConflict((oc) => oc.columns(['channel_id', 'dedup_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const id = row?.id ?? null;
      await trx
        .updateTable('report_sends')
        .set({ outbox_id: id })
        .where('schedule_id', '=', claim.schedule_id)
        .where('period_start', '=', claim.period_start)
        .execute();
      return id;
    });
  },
  sends: (db: Db, scheduleId: number) =>
    db
      .selectFrom('report_sends')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .orderBy('period_start', 'desc')
      .execute(),
};
