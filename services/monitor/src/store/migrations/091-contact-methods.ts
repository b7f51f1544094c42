import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Personal contact methods (issue 33) are channels owned by a user: they reuse the providers, the
 * sealed config, the outbox and the delivery log. `owner_user_id` null is a team channel;
 * `verified_at` null keeps a personal one disabled until its code comes back.
 */
export const contactMethods: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('notification_channels')
    .addColumn('owner_user_id', t.bigint, (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('notification_channels').addColumn('verified_at', t.bigint).execute();
  await db.schema
    .createTable('contact_verifications')
    .addColumn('channel_id', t.bigint, (c) =>
      c.primaryKey().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('code_hash', t.text, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
};
