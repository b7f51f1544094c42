import { type AppMigration, columnTypes } from '@app/kit';

/** A user's quiet hours (issue 33): notifications below min_severity wait until the hours end. */
export const quietHours: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('quiet_hours')
    .addColumn('user_id', t.bigint, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('time_zone', t.text, (c) => c.notNull())
    .addColumn('start_local', t.text, (c) => c.notNull())
    .addColumn('end_local', t.text, (c) => c.notNull())
    .addColumn('min_severity', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
};
