import type { Selectable } from 'kysely';
import type { ApiKeysTable, Db } from '../schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** SQL for API keys; secrets are only ever stored as hashes. */
export const apiKeysRepo = {
  byPrefix: (db: Db, prefix: string) =>
    db
      .selectFrom('api_keys')
      .selectAll()
      .where('prefix', '=', prefix)
      .where('revoked_at', 'is', null)
      .execute(),
  byId: (db: Db, id: number) => db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst(),
  listActive: (db: Db, userId: number | null) => {
    let q = db.selectFrom('api_keys').selectAll().where('revoked_at', 'is', null);
    if (userId !== null) q = q.where('user_id', '=', userId);
    return q.orderBy('id').execute();
  },
  insert: (db: Db, row: Omit<ApiKeyRow, 'id'>) =>
    db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow(),
  revoke: (db: Db, id: number, at: number) =>
    db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).execute(),
  touch: (db: Db, id: number, at: number) =>
    db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute(),
};
