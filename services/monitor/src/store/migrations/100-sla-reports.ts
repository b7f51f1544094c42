import { type AppMigration, columnTypes } from '@app/kit';

/**
 * SLA reports (issue 34):
 * - `monitors.sla_target_percent`: the monitor's SLA target (null: the instance's default setting);
 * - `check_rollups` learn the degraded checks and the p50 and p99 latency of a bucket, so a year's
 *   report reads roll-ups only (rows rolled up before this migration keep 0 and null there);
 * - `report_schedules` and `report_sends`, one row per (schedule, period) claimed before its mail is
 *   queued: the primary key is what makes a scheduled report go out once per period;
 * - `share_links`: read-only links; only the SHA-256 of the token is stored.
 */
export const slaReports: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('monitors').addColumn('sla_target_percent', t.real).execute();
  await db.schema
    .alterTable('check_rollups')
    .addColumn('degraded_checks', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('check_rollups').addColumn('latency_p50', t.int).execute();
  await db.schema.alterTable('check_rollups').addColumn('latency_p99', t.int).execute();
  await db.schema
    .createTable('report_schedules')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('scope', t.text, (c) => c.notNull())
    .addColumn('cadence', t.text, (c) => c.notNull())
    .addColumn('timezone', t.text, (c) => c.notNull())
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('recipients', t.text, (c) => c.notNull())
    .addColumn('sla_target_percent', t.real)
    .addColumn('is_active', t.int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('report_sends')
    .addColumn('schedule_id', t.bigint, (c) =>
      c.notNull().references('report_schedules.id').onDelete('cascade'),
    )
    .addColumn('period_start', t.bigint, (c) => c.notNull())
    .addColumn('period_end', t.bigint, (c) => c.notNull())
    .addColumn('outbox_id', t.bigint)
    .addColumn('claimed_by', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_sends_pk', ['schedule_id', 'period_start'])
    .execute();
  await db.schema
    .createTable('share_links')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('token_prefix', t.text, (c) => c.notNull())
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('target', t.text, (c) => c.notNull())
    .addColumn('label', t.text)
    .addColumn('created_by', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('revoked_at', t.bigint)
    .addColumn('last_used_at', t.bigint)
    .addColumn('use_count', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
};
