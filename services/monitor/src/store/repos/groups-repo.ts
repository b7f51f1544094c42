import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, MonitorGroupsTable, MonitorStatus } from '../schema.js';

export type GroupRow = Selectable<MonitorGroupsTable>;
export type NewGroupRow = Insertable<MonitorGroupsTable>;
export type GroupUpdate = Updateable<MonitorGroupsTable>;

/** SQL for monitor groups and which group each monitor is in. */
export const groupsRepo = {
  list: (db: Db) =>
    db.selectFrom('monitor_groups').selectAll().orderBy('sort_order').orderBy('name').orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('monitor_groups').selectAll().where('id', '=', id).executeTakeFirst(),
  /** The group of this name directly under `parentId` (null: top level), if any. */
  sibling: (db: Db, parentId: number | null, name: string) =>
    db
      .selectFrom('monitor_groups')
      .selectAll()
      .where('name', '=', name)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .orderBy('id')
      .executeTakeFirst(),
  insert: (db: Db, row: NewGroupRow) =>
    db.insertInto('monitor_groups').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: GroupUpdate) =>
    db.updateTable('monitor_groups').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  /** Deletes a group after handing its monitors and child groups to `parentId`. */
  async removeInto(db: Db, id: number, parentId: number | null, now: number) {
    await db
      .updateTable('monitors')
      .set({ group_id: parentId, updated_at: now })
      .where('group_id', '=', id)
      .execute();
    await db
      .updateTable('monitor_groups')
      .set({ parent_id: parentId, updated_at: now })
      .where('parent_id', '=', id)
      .execute();
    await db.deleteFrom('monitor_groups').where('id', '=', id).execute();
  },
  /** Each grouped monitor's group and status: what the roll-up is computed from. */
  memberStatuses: (db: Db) =>
    db
      .selectFrom('monitors')
      .select(['group_id', 'current_status'])
      .where('group_id', 'is not', null)
      .execute() as Promise<{ group_id: number; current_status: MonitorStatus }[]>,
  /** Which of `ids` exist. */
  existing: async (db: Db, ids: number[]) =>
    new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('monitor_groups').select('id').where('id', 'in', ids).execute()).map(
            (r) => r.id,
          ),
    ),
};
