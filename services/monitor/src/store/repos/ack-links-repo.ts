import type { Insertable } from 'kysely';
import type { AckLinksTable } from '../on-call-schema.js';
import type { Db } from '../schema.js';

/** SQL for single-use acknowledgement links. */
export const ackLinksRepo = {
  insert: (db: Db, row: Insertable<AckLinksTable>) => db.insertInto('ack_links').values(row).execute(),
  byNonce: (db: Db, nonce: string) =>
    db
      .selectFrom('ack_links')
      .innerJoin('users', 'users.id', 'ack_links.user_id')
      .innerJoin('incidents', 'incidents.id', 'ack_links.incident_id')
      .select([
        'ack_links.nonce',
        'ack_links.incident_id',
        'ack_links.user_id',
        'ack_links.expires_at',
        'ack_links.used_at',
        'users.username',
        'incidents.status as incident_status',
        'incidents.monitor_id',
      ])
      .where('ack_links.nonce', '=', nonce)
      .executeTakeFirst(),
  /** Spends the link; false when it was spent meanwhile (the compare-and-set of single use). */
  async spend(db: Db, nonce: string, at: number): Promise<boolean> {
    const r = await db
      .updateTable('ack_links')
      .set({ used_at: at })
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  monitorName: async (db: Db, monitorId: number) =>
    (await db.selectFrom('monitors').select('name').where('id', '=', monitorId).executeTakeFirst())?.name ??
    null,
};
