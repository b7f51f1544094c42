import { type AppMigration, columnTypes } from '@app/kit';

/** Notification channels, the delivery outbox and its attempt log, maintenance windows and settings. */
export const operationsMigration: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('notification_channels')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull().unique())
    .addColumn('type', t.text, (c) => c.notNull())
    // JSON; secret fields hold AES-256-GCM ciphertext, never plain text.
    .addColumn('config', t.text, (c) => c.notNull())
    .addColumn('is_enabled', t.int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_outbox')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('event', t.text, (c) => c.notNull())
    .addColumn('payload', t.text, (c) => c.notNull())
    .addColumn('dedup_key', t.text, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', t.int, (c) => c.notNull())
    .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
    .addColumn('lease_owner', t.text)
    .addColumn('lease_until', t.bigint)
    .addColumn('last_error', t.text)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('finished_at', t.bigint)
    .execute();
  // One notification per channel and key: a state change enqueued twice still alerts once.
  await db.schema
    .createIndex('notification_outbox_dedup')
    .on('notification_outbox')
    .columns(['channel_id', 'dedup_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notification_outbox_due')
    .on('notification_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('outbox_id', t.bigint, (c) =>
      c.notNull().references('notification_outbox.id').onDelete('cascade'),
    )
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('event', t.text, (c) => c.notNull())
    .addColumn('attempt', t.int, (c) => c.notNull())
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('will_retry', t.int, (c) => c.notNull())
    .addColumn('http_status', t.int)
    .addColumn('error', t.text)
    .addColumn('duration_ms', t.int, (c) => c.notNull())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_deliveries_channel')
    .on('notification_deliveries')
    .columns(['channel_id', 'id'])
    .execute();

  await db.schema
    .createTable('maintenance_windows')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('starts_at', t.bigint, (c) => c.notNull())
    .addColumn('ends_at', t.bigint)
    // JSON array of monitor ids; empty means every monitor.
    .addColumn('monitor_ids', t.text, (c) => c.notNull())
    .addColumn('cron', t.text)
    .addColumn('duration_minutes', t.int)
    .addColumn('timezone', t.text, (c) => c.notNull())
    .addColumn('is_active', t.int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', t.text, (c) => c.primaryKey())
    // JSON value; a secret setting holds ciphertext.
    .addColumn('value', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
};
