import { type AppMigration, columnTypes } from '@app/kit';

/**
 * E-mail subscribers of a status page (double opt-in). Only a hash of the confirmation token is
 * kept; the unsubscribe token is never stored at all (an HMAC of the id, recomputed when needed).
 * Unsubscribing deletes the row, so nothing about a former subscriber stays behind.
 */
export const statusSubscribers: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('status_subscribers')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    // Lower-cased, so one mailbox is one subscriber however it was typed.
    .addColumn('email', t.text, (c) => c.notNull())
    .addColumn('confirm_token_hash', t.text)
    .addColumn('confirm_expires_at', t.bigint)
    .addColumn('confirmed_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_subscribers_page_email')
    .on('status_subscribers')
    .columns(['page_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('status_subscribers_token')
    .on('status_subscribers')
    .column('confirm_token_hash')
    .execute();
};
