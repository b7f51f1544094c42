import { type AppMigration, columnTypes } from '@app/kit';
import { sql } from 'kysely';

/** Incidents, the monitor → channel links, and the per-monitor alert settings they need. */
export const incidents: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('incidents')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('started_at', t.bigint, (c) => c.notNull())
    .addColumn('resolved_at', t.bigint)
    .addColumn('root_cause', t.text)
    .addColumn('acknowledged_by', t.bigint)
    .addColumn('acknowledged_by_name', t.text)
    .addColumn('acknowledged_at', t.bigint)
    .addColumn('last_alert_at', t.bigint)
    .addColumn('reminders_sent', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('incidents_monitor')
    .on('incidents')
    .columns(['monitor_id', 'started_at'])
    .execute();
  await db.schema.createIndex('incidents_started').on('incidents').columns(['started_at']).execute();
  // The database itself guarantees at most one unresolved incident per monitor.
  await sql`create unique index incidents_one_unresolved on incidents (monitor_id) where resolved_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('monitor_channels')
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('monitor_channels_pk', ['monitor_id', 'channel_id'])
    .execute();
  await db.schema
    .createIndex('monitor_channels_channel')
    .on('monitor_channels')
    .column('channel_id')
    .execute();

  await db.schema.alterTable('monitors').addColumn('reminder_interval_minutes', t.int).execute();
  await db.schema.alterTable('monitors').addColumn('tls_warned_threshold', t.int).execute();
};
