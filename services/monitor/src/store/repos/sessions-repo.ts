import type { Selectable } from 'kysely';
import type { Db, SessionsTable } from '../schema.js';

export type SessionRow = Selectable<SessionsTable>;

/** SQL for sessions: one row per refresh-token family (see 052-sessions). */
export const sessionsRepo = {
  byId: (db: Db, id: string) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: (db: Db, row: SessionRow) => db.insertInto('sessions').values(row).execute(),
  /** Records a renewal: the latest use, browser and address, and the new end of the family. */
  touch: (db: Db, id: string, patch: Pick<SessionRow, 'last_used_at' | 'expires_at' | 'user_agent' | 'ip'>) =>
    db.updateTable('sessions').set(patch).where('id', '=', id).execute(),
  /** A user's sessions that can still be renewed, most recently used first. */
  liveOfUser: (db: Db, userId: number, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .orderBy('id')
      .execute(),
  revoke: (db: Db, id: string, at: number) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute(),
  /** Revokes every live session of a user but `keepId` (null: all); returns the ids revoked. */
  revokeAllOfUser: async (db: Db, userId: number, at: number, keepId: string | null) => {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepId !== null) q = q.where('id', '!=', keepId);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  },
};
