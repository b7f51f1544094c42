import type { Selectable } from 'kysely';
import type { Db, Role, UsersTable } from '../schema.js';

export type UserRow = Selectable<UsersTable>;

/** SQL for the users table. */
export const usersRepo = {
  byId: (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
  byUsername: (db: Db, username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),
  list: (db: Db) => db.selectFrom('users').selectAll().orderBy('id').execute(),
  count: async (db: Db) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  countRole: async (db: Db, role: Role) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .where('role', '=', role)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  insert: (db: Db, u: Omit<UserRow, 'id'>) =>
    db.insertInto('users').values(u).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Partial<Omit<UserRow, 'id' | 'created_at'>>) =>
    db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom('users').where('id', '=', id).executeTakeFirst(),
};
