import { type AppMigration, columnTypes } from '@app/kit';

/** Single-use acknowledgement links sent to people paged by an escalation (issue 33). */
export const ackLinks: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('ack_links')
    .addColumn('nonce', t.text, (c) => c.primaryKey())
    .addColumn('incident_id', t.bigint, (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.bigint)
    .addColumn('used_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
};
