import { type AppMigration, columnTypes } from '@app/kit';

/** Hourly and daily aggregates of check results, and the watermarks of the jobs that fill them. */
export const rollups: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('check_rollups')
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('period', t.text, (c) => c.notNull())
    .addColumn('bucket_start', t.bigint, (c) => c.notNull())
    .addColumn('checks', t.int, (c) => c.notNull())
    .addColumn('up_checks', t.int, (c) => c.notNull())
    .addColumn('latency_count', t.int, (c) => c.notNull())
    .addColumn('latency_avg', t.real)
    .addColumn('latency_p95', t.int)
    .addPrimaryKeyConstraint('check_rollups_pk', ['monitor_id', 'period', 'bucket_start'])
    .execute();
  await db.schema
    .createIndex('check_rollups_period_start')
    .on('check_rollups')
    .columns(['period', 'bucket_start'])
    .execute();
  await db.schema
    .createTable('job_state')
    .addColumn('name', t.text, (c) => c.primaryKey())
    .addColumn('done_until', t.bigint, (c) => c.notNull())
    .execute();
};
