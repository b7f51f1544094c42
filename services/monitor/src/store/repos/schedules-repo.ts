import type { Insertable, Selectable, Updateable } from 'kysely';
import type { OncallOverridesTable, OncallSchedulesTable } from '../on-call-schema.js';
import type { Db } from '../schema.js';

export type ScheduleRow = Selectable<OncallSchedulesTable>;
export type OverrideRow = Selectable<OncallOverridesTable>;

/** SQL for on-call schedules and their overrides. */
export const schedulesRepo = {
  list: (db: Db) => db.selectFrom('oncall_schedules').selectAll().orderBy('name').orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('oncall_schedules').selectAll().where('id', '=', id).executeTakeFirst(),
  byName: (db: Db, name: string) =>
    db.selectFrom('oncall_schedules').selectAll().where('name', '=', name).executeTakeFirst(),
  insert: (db: Db, row: Insertable<OncallSchedulesTable>) =>
    db.insertInto('oncall_schedules').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<OncallSchedulesTable>) =>
    db
      .updateTable('oncall_schedules')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db: Db, id: number) => db.deleteFrom('oncall_schedules').where('id', '=', id).execute(),
  existingIds: async (db: Db, ids: readonly number[]): Promise<Set<number>> =>
    new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('oncall_schedules').select('id').where('id', 'in', ids).execute()).map((r) =>
            Number(r.id),
          ),
    ),
  /** Overrides of a schedule that end after `after` (epoch ms), oldest first. */
  overrides: (db: Db, scheduleId: number, after = Number.NEGATIVE_INFINITY) =>
    db
      .selectFrom('oncall_overrides')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .$if(Number.isFinite(after), (q) => q.where('ends_at', '>', after))
      .orderBy('id')
      .execute(),
  addOverride: (db: Db, row: Insertable<OncallOverridesTable>) =>
    db.insertInto('oncall_overrides').values(row).returningAll().executeTakeFirstOrThrow(),
  overrideById: (db: Db, scheduleId: number, id: number) =>
    db
      .selectFrom('oncall_overrides')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .where('id', '=', id)
      .executeTakeFirst(),
  removeOverride: (db: Db, id: number) => db.deleteFrom('oncall_overrides').where('id', '=', id).execute(),
  /** Usernames of the given user ids. */
  usernames: async (db: Db, ids: readonly number[]): Promise<Map<number, string>> =>
    new Map(
      ids.length === 0
        ? []
        : (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute()).map(
            (r) => [Number(r.id), r.username] as const,
          ),
    ),
};
