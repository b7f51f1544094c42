import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Single-use tickets for the live stream (EventSource cannot send headers). In the database, not in
 * memory, because a load balancer may send the POST that issues a ticket and the GET that spends it
 * to different instances sharing one database.
 */
export const streamTickets: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', t.text, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_key_id', t.bigint, (c) => c.references('api_keys.id').onDelete('cascade'))
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stream_tickets_expires')
    .on('stream_tickets')
    .columns(['expires_at'])
    .execute();
};
