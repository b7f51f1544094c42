import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, MaintenanceWindowsTable } from '../schema.js';

export type MaintenanceRow = Selectable<MaintenanceWindowsTable>;

/** SQL for maintenance windows. */
export const maintenanceRepo = {
  list: (db: Db) => db.selectFrom('maintenance_windows').selectAll().orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('maintenance_windows').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: (db: Db, row: Insertable<MaintenanceWindowsTable>) =>
    db.insertInto('maintenance_windows').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<MaintenanceWindowsTable>) =>
    db
      .updateTable('maintenance_windows')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db: Db, id: number) => db.deleteFrom('maintenance_windows').where('id', '=', id).execute(),
  /** Which of `ids` name existing monitors (windows reference monitors by id). */
  existingMonitorIds: async (db: Db, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : (await db.selectFrom('monitors').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
};
