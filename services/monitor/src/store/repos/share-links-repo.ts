import type { Insertable, Selectable } from 'kysely';
import type { Db, ShareLinksTable } from '../schema.js';

export type ShareLinkRow = Selectable<ShareLinksTable>;
/** A link with the name of the user who created it (null once that user is deleted). */
export type ShareLinkListRow = ShareLinkRow & { created_by_username: string | null };

/** SQL for read-only share links; a link is found by the SHA-256 of its token, never by the token. */
export const shareLinksRepo = {
  insert: (db: Db, row: Insertable<ShareLinksTable>) =>
    db.insertInto('share_links').values(row).returningAll().executeTakeFirstOrThrow(),
  list: (db: Db): Promise<ShareLinkListRow[]> =>
    db
      .selectFrom('share_links')
      .leftJoin('users', 'users.id', 'share_links.created_by')
      .selectAll('share_links')
      .select('users.username as created_by_username')
      .orderBy('share_links.id', 'desc')
      .execute(),
  creatorName: async (db: Db, userId: number | null) =>
    userId === null
      ? null
      : ((await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst())
          ?.username ?? null),
  byId: (db: Db, id: number) =>
    db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst(),
  byHash: (db: Db, hash: string) =>
    db.selectFrom('share_links').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
  revoke: (db: Db, id: number, at: number) =>
    db
      .updateTable('share_links')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),
  markUsed: (db: Db, id: number, at: number) =>
    db
      .updateTable('share_links')
      .set((eb) => ({ last_used_at: at, use_count: eb('use_count', '+', 1) }))
      .where('id', '=', id)
      .execute(),
};
