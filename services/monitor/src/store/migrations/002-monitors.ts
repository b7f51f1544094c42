import { type AppMigration, columnTypes } from '@app/kit';
import { sql } from 'kysely';

/** Shards the scheduler leases out; a monitor belongs to shard `id % SHARD_COUNT`. Fixed forever. */
export const SHARD_COUNT = 64;

/** Monitors, their check results and the scheduler's shard leases. */
export const monitorsMigration: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('monitors')
    // Ids are never reused (SQLite would otherwise hand a deleted monitor's id to the next one).
    .addColumn('id', t.id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('monitor_type', t.text, (c) => c.notNull())
    .addColumn('url', t.text)
    .addColumn('check_interval_seconds', t.int, (c) => c.notNull())
    .addColumn('timeout_seconds', t.int, (c) => c.notNull())
    .addColumn('retry_count', t.int, (c) => c.notNull())
    .addColumn('retry_interval_seconds', t.int, (c) => c.notNull())
    .addColumn('expected_status_codes', t.text, (c) => c.notNull())
    .addColumn('headers', t.text)
    .addColumn('body', t.text)
    .addColumn('auth', t.text)
    .addColumn('max_redirects', t.int, (c) => c.notNull())
    .addColumn('ignore_tls_errors', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('keyword', t.text)
    .addColumn('json_path', t.text)
    .addColumn('json_expected', t.text)
    .addColumn('dns_record_type', t.text, (c) => c.notNull())
    .addColumn('dns_expected', t.text)
    .addColumn('dns_resolver', t.text)
    .addColumn('tls_warn_days', t.int, (c) => c.notNull())
    .addColumn('heartbeat_grace_seconds', t.int, (c) => c.notNull())
    .addColumn('heartbeat_token', t.text, (c) => c.unique())
    .addColumn('paused', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('current_status', t.text, (c) => c.notNull())
    .addColumn('last_checked_at', t.bigint)
    .addColumn('last_response_time_ms', t.int)
    .addColumn('last_status_code', t.int)
    .addColumn('consecutive_failures', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('last_ping_at', t.bigint)
    .addColumn('check_requested_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  // Engines poll for changes made by other instances.
  await db.schema.createIndex('monitors_updated').on('monitors').column('updated_at').execute();
  await db.schema
    .createIndex('monitors_check_requested')
    .on('monitors')
    .column('check_requested_at')
    .execute();

  // No foreign key: results are a high-volume log; deleting a monitor deletes its results explicitly.
  await db.schema
    .createTable('check_results')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('monitor_id', t.bigint, (c) => c.notNull())
    .addColumn('checked_at', t.bigint, (c) => c.notNull())
    .addColumn('status', t.int, (c) => c.notNull())
    .addColumn('response_time_ms', t.int)
    .addColumn('status_code', t.int)
    .addColumn('error', t.text)
    .addColumn('tls_days_left', t.int)
    .execute();
  // One monitor's results are spread over the whole table (every monitor writes all the time), so
  // its history is read from a covering index, where it is contiguous, not row by row from the
  // table. `id` is named right after the time so the index alone gives the full order (checked_at,
  // id): no sort step, and no temptation for the planner to walk the time index instead.
  if (dialect === 'postgres') {
    await sql`create index check_results_monitor_time on check_results (monitor_id, checked_at, id)
      include (status, response_time_ms, status_code, error, tls_days_left)`.execute(db);
  } else {
    await db.schema
      .createIndex('check_results_monitor_time')
      .on('check_results')
      .columns([
        'monitor_id',
        'checked_at',
        'id',
        'status',
        'response_time_ms',
        'status_code',
        'error',
        'tls_days_left',
      ])
      .execute();
  }
  await db.schema
    .createIndex('check_results_time')
    .on('check_results')
    .columns(dialect === 'postgres' ? ['checked_at', 'id'] : ['checked_at'])
    .execute();

  await db.schema
    .createTable('scheduler_leases')
    .addColumn('shard', t.int, (c) => c.primaryKey())
    .addColumn('owner', t.text)
    .addColumn('lease_until', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('scheduler_instances')
    .addColumn('owner', t.text, (c) => c.primaryKey())
    .addColumn('alive_until', t.bigint, (c) => c.notNull())
    .execute();
  const shards = Array.from({ length: SHARD_COUNT }, (_, i) => sql`(${i}, null, 0)`);
  await sql`insert into scheduler_leases (shard, owner, lease_until) values ${sql.join(shards)}`.execute(db);
};
