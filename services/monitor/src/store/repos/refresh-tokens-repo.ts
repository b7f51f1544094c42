import type { Selectable } from 'kysely';
import type { Db, RefreshTokensTable } from '../schema.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** SQL for refresh tokens: one row per issued token, chained into a family per login. */
export const refreshTokensRepo = {
  byHash: (db: Db, hash: string) =>
    db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
  insert: (db: Db, row: Omit<RefreshTokenRow, 'id'>) => db.insertInto('refresh_tokens').values(row).execute(),
  /** Marks a token used only if nobody used it first; false means it was already spent (a reuse). */
  markUsed: async (db: Db, id: number, at: number) => {
    const r = await db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  revokeFamily: (db: Db, familyId: string, at: number) =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),
  revokeAllOfUser: (db: Db, userId: number, at: number) =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute(),
};
