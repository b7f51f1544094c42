import type { DialectName } from '@app/kit';
import type { Insertable, Selectable } from 'kysely';
import type { Db, Role, UsersTable } from '../schema.js';

export type UserRow = Selectable<UsersTable>;

/** SQL for the users table. */
export const usersRepo = {
  byId: (db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
  byUsername: (db: Db, username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),
  byOidcIdentity: (db: Db, issuer: string, subject: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('oidc_issuer', '=', issuer)
      .where('oidc_subject', '=', subject)
      .executeTakeFirst(),
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
  insert: (db: Db, u: Omit<Insertable<UsersTable>, 'id'>) =>
    db.insertInto('users').values(u).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Partial<Omit<UserRow, 'id' | 'created_at' | 'token_generation'>>) =>
    db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  /**
   * The user row, locked on PostgreSQL until the transaction ends (SQLite serialises writers
   * anyway). Every path that issues or revokes tokens takes this lock first, so a sign-in or
   * refresh racing a password reset either finishes before the reset revokes or sees its result.
   */
  lockById: (db: Db, dialect: DialectName, id: number) => {
    const q = db.selectFrom('users').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  },
  /** Ends every access token issued to the user so far; returns the new generation. */
  bumpTokenGeneration: async (db: Db, id: number) =>
    (
      await db
        .updateTable('users')
        .set((e) => ({ token_generation: e('token_generation', '+', 1) }))
        .where('id', '=', id)
        .returning('token_generation')
        .executeTakeFirst()
    )?.token_generation,
  remove: (db: Db, id: number) => db.deleteFrom('users').where('id', '=', id).executeTakeFirst(),
};
