import type { Selectable } from 'kysely';
import type { QuietHoursTable } from '../on-call-schema.js';
import type { Db } from '../schema.js';

export type QuietHoursRow = Selectable<QuietHoursTable>;

/** SQL for users' quiet hours. */
export const quietHoursRepo = {
  of: (db: Db, userId: number) =>
    db.selectFrom('quiet_hours').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ofUsers: async (db: Db, ids: readonly number[]): Promise<Map<number, QuietHoursRow>> =>
    new Map(
      ids.length === 0
        ? []
        : (await db.selectFrom('quiet_hours').selectAll().where('user_id', 'in', ids).execute()).map(
            (r) => [Number(r.user_id), r] as const,
          ),
    ),
  async put(db: Db, row: QuietHoursRow): Promise<void> {
    await db.deleteFrom('quiet_hours').where('user_id', '=', row.user_id).execute();
    await db.insertInto('quiet_hours').values(row).execute();
  },
  remove: (db: Db, userId: number) => db.deleteFrom('quiet_hours').where('user_id', '=', userId).execute(),
};
