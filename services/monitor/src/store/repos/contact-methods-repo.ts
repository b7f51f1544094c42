import type { Selectable } from 'kysely';
import type { ContactVerificationsTable } from '../on-call-schema.js';
import type { Db } from '../schema.js';

export type VerificationRow = Selectable<ContactVerificationsTable>;

/** SQL for personal contact methods: channels with an owner, and their pending verification. */
export const contactMethodsRepo = {
  ofUser: (db: Db, userId: number) =>
    db
      .selectFrom('notification_channels')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .orderBy('id')
      .execute(),
  byIdOf: (db: Db, userId: number, id: number) =>
    db
      .selectFrom('notification_channels')
      .selectAll()
      .where('owner_user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst(),
  /** The verified, enabled methods of the given users (what escalation pages), by owner. */
  async verifiedOf(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (userIds.length === 0) return out;
    const rows = await db
      .selectFrom('notification_channels')
      .select(['id', 'owner_user_id'])
      .where('owner_user_id', 'in', userIds)
      .where('verified_at', 'is not', null)
      .where('is_enabled', '=', 1)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const owner = Number(r.owner_user_id);
      out.set(owner, [...(out.get(owner) ?? []), Number(r.id)]);
    }
    return out;
  },
  markVerified: (db: Db, id: number, at: number) =>
    db
      .updateTable('notification_channels')
      .set({ verified_at: at, is_enabled: 1, updated_at: at })
      .where('id', '=', id)
      .execute(),
  verification: (db: Db, channelId: number) =>
    db.selectFrom('contact_verifications').selectAll().where('channel_id', '=', channelId).executeTakeFirst(),
  async setVerification(db: Db, channelId: number, codeHash: string, expiresAt: number): Promise<void> {
    await db.deleteFrom('contact_verifications').where('channel_id', '=', channelId).execute();
    await db
      .insertInto('contact_verifications')
      .values({ channel_id: channelId, code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
      .execute();
  },
  countAttempt: (db: Db, channelId: number) =>
    db
      .updateTable('contact_verifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('channel_id', '=', channelId)
      .execute(),
  clearVerification: (db: Db, channelId: number) =>
    db.deleteFrom('contact_verifications').where('channel_id', '=', channelId).execute(),
  existingUsers: async (db: Db, ids: readonly number[]): Promise<Set<number>> =>
    new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) =>
            Number(r.id),
          ),
    ),
};
