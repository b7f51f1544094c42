import { type AppMigration, columnTypes } from '@app/kit';
import { sql } from 'kysely';

/**
 * Check locations and probes (issue 13).
 * - `locations`: where checks run. `local` (the central instance itself) is built in; the others
 *   are probes, each with a token (`mon_probe_…`, only its SHA-256 and lookup prefix kept), the
 *   last time it reported, its version and the clock skew seen in its last post.
 * - `monitor_locations`: the locations of a monitor that does not run from `local` alone, with each
 *   location's own state (retries are counted per location). A monitor without rows runs from
 *   `local` only: existing monitors change nothing. `monitors.location_ids` repeats the list as
 *   JSON so the engine reads it with the monitor row; both are written together.
 * - `monitors.quorum`: how many locations must see a failure (null: a majority of the online ones).
 * - `check_results.location_id` (null: `local`) and `incidents.locations` (JSON: who saw it down).
 * - `probe_batches`: batch ids already taken, so a replayed batch is stored once.
 * - `probe_inbox`: results taken from probes, waiting for the engine that owns their monitor to
 *   judge and store them; a row leaves in the transaction that stores its result.
 */
export const locationsMigration: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('locations')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('region', t.text)
    .addColumn('is_local', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('token_prefix', t.text)
    .addColumn('token_hash', t.text)
    .addColumn('status', t.text, (c) => c.notNull().defaultTo('offline'))
    .addColumn('last_seen_at', t.bigint)
    .addColumn('version', t.text)
    .addColumn('skew_ms', t.int)
    .addColumn('heartbeat_seconds', t.int, (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('locations_token_prefix').on('locations').column('token_prefix').execute();
  const now = Date.now();
  await sql`insert into locations (id, name, region, is_local, status, created_at, updated_at)
    values ('local', 'Local', null, 1, 'online', ${now}, ${now})`.execute(db);

  await db.schema
    .createTable('monitor_locations')
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('location_id', t.text, (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('status', t.text, (c) => c.notNull().defaultTo('pending'))
    .addColumn('failures', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('successes', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked_at', t.bigint)
    .addColumn('last_response_time_ms', t.int)
    .addColumn('last_error', t.text)
    .addPrimaryKeyConstraint('monitor_locations_pk', ['monitor_id', 'location_id'])
    .execute();
  await db.schema
    .createIndex('monitor_locations_location')
    .on('monitor_locations')
    .column('location_id')
    .execute();
  await db.schema.alterTable('monitors').addColumn('location_ids', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('quorum', t.int).execute();
  await db.schema.alterTable('check_results').addColumn('location_id', t.text).execute();
  await db.schema.alterTable('incidents').addColumn('locations', t.text).execute();

  await db.schema
    .createTable('probe_batches')
    .addColumn('location_id', t.text, (c) => c.notNull())
    .addColumn('batch_id', t.text, (c) => c.notNull())
    .addColumn('received_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('probe_batches_pk', ['location_id', 'batch_id'])
    .execute();
  await db.schema.createIndex('probe_batches_received').on('probe_batches').column('received_at').execute();
  await db.schema
    .createTable('probe_inbox')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('location_id', t.text, (c) => c.notNull())
    .addColumn('monitor_id', t.bigint, (c) => c.notNull())
    .addColumn('checked_at', t.bigint, (c) => c.notNull())
    .addColumn('status', t.int, (c) => c.notNull())
    .addColumn('response_time_ms', t.int)
    .addColumn('status_code', t.int)
    .addColumn('error', t.text)
    .addColumn('tls_days_left', t.int)
    .addColumn('received_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('probe_inbox_monitor')
    .on('probe_inbox')
    .columns(['monitor_id', 'id'])
    .execute();
};
