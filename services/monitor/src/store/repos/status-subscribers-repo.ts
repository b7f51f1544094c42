import type { Insertable, Selectable } from 'kysely';
import type { Db, StatusSubscribersTable } from '../schema.js';

export type SubscriberRow = Selectable<StatusSubscribersTable>;

/** A subscriber to mail, with the page the mail is about. */
export interface SubscriberTarget {
  id: number;
  page_id: number;
  page_title: string;
  page_slug: string;
}

const targetColumns = [
  'status_subscribers.id as id',
  'status_subscribers.page_id as page_id',
  'status_pages.title as page_title',
  'status_pages.slug as page_slug',
] as const;

/** SQL for status page subscribers (and the few page lookups subscribing needs). */
export const statusSubscribersRepo = {
  /** A public page by slug: subscribing is only offered where the page is shown. */
  publicPageBySlug: (db: Db, slug: string) =>
    db
      .selectFrom('status_pages')
      .select(['id', 'slug', 'title'])
      .where('slug', '=', slug)
      .where('is_public', '=', 1)
      .executeTakeFirst(),
  pageExists: async (db: Db, id: number) =>
    (await db.selectFrom('status_pages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

  byId: (db: Db, id: number) =>
    db.selectFrom('status_subscribers').selectAll().where('id', '=', id).executeTakeFirst(),
  byPageAndEmail: (db: Db, pageId: number, email: string) =>
    db
      .selectFrom('status_subscribers')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('email', '=', email)
      .executeTakeFirst(),
  byTokenHash: (db: Db, hash: string) =>
    db.selectFrom('status_subscribers').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst(),
  pageById: (db: Db, id: number) =>
    db.selectFrom('status_pages').select(['id', 'slug', 'title']).where('id', '=', id).executeTakeFirst(),
  /** Inserts unless the address is on the page already; returns the new row or undefined. */
  insertOnce: (db: Db, row: Insertable<StatusSubscribersTable>) =>
    db
      .insertInto('status_subscribers')
      .values(row)
      .onConflict((oc) => oc.columns(['page_id', 'email']).doNothing())
      .returningAll()
      .executeTakeFirst(),
  renewToken: (db: Db, id: number, hash: string, expiresAt: number) =>
    db
      .updateTable('status_subscribers')
      .set({ confirm_token_hash: hash, confirm_expires_at: expiresAt })
      .where('id', '=', id)
      .where('confirmed_at', 'is', null)
      .execute(),
  /** Spends the token: true only for the one request that confirmed (a second click changes nothing). */
  confirm: async (db: Db, id: number, hash: string, at: number) => {
    const r = await db
      .updateTable('status_subscribers')
      .set({ confirmed_at: at, confirm_token_hash: null, confirm_expires_at: null })
      .where('id', '=', id)
      .where('confirm_token_hash', '=', hash)
      .where('confirm_expires_at', '>', at)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  remove: async (db: Db, id: number, pageId?: number) => {
    let q = db.deleteFrom('status_subscribers').where('id', '=', id);
    if (pageId !== undefined) q = q.where('page_id', '=', pageId);
    return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
  },
  /** Unconfirmed subscribers whose link expired: they never opted in, so nothing of them is kept. */
  pruneExpired: async (db: Db, now: number) =>
    Number(
      (
        await db
          .deleteFrom('status_subscribers')
          .where('confirmed_at', 'is', null)
          .where('confirm_expires_at', '<', now)
          .executeTakeFirst()
      ).numDeletedRows,
    ),
  /** A page's subscribers, newest first, paged by id. */
  list: (db: Db, pageId: number, limit: number, beforeId?: number) => {
    let q = db.selectFrom('status_subscribers').selectAll().where('page_id', '=', pageId);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },
  /**
   * Confirmed subscribers of the public pages that show any of `monitorIds` (all pages with at
   * least one monitor when `monitorIds` is null), each once per page.
   */
  confirmedFor: (db: Db, monitorIds: readonly number[] | null): Promise<SubscriberTarget[]> => {
    if (monitorIds !== null && monitorIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('status_subscribers')
      .innerJoin('status_pages', 'status_pages.id', 'status_subscribers.page_id')
      .select([...targetColumns])
      .where('status_subscribers.confirmed_at', 'is not', null)
      .where('status_pages.is_public', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('status_page_monitors')
            .select('status_page_monitors.monitor_id')
            .whereRef('status_page_monitors.page_id', '=', 'status_subscribers.page_id')
            .$if(monitorIds !== null, (q) => q.where('status_page_monitors.monitor_id', 'in', monitorIds!)),
        ),
      )
      .orderBy('status_subscribers.id')
      .execute();
  },
  /** The monitor names a page shows among `monitorIds` (null = all of the page's monitors). */
  namesOnPage: async (db: Db, pageId: number, monitorIds: readonly number[] | null) => {
    if (monitorIds !== null && monitorIds.length === 0) return [];
    const rows = await db
      .selectFrom('status_page_monitors')
      .innerJoin('monitors', 'monitors.id', 'status_page_monitors.monitor_id')
      .select('monitors.name')
      .distinct()
      .where('status_page_monitors.page_id', '=', pageId)
      .$if(monitorIds !== null, (q) => q.where('status_page_monitors.monitor_id', 'in', monitorIds!))
      .orderBy('monitors.name')
      .execute();
    return rows.map((r) => r.name);
  },
};
