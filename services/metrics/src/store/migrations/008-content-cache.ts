import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Content cache (issue 18): pyscan's result per git blob and pyscan version, pylint's per tree,
 * pylint version and options, shared by every run and pruned oldest first (last_used_at) past
 * CACHE_MAX_MB; and each run's cache figures (hits, misses, history commits) for the API.
 */
export const contentCache: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('blob_metrics')
    .addColumn('blob_id', t.text, (c) => c.notNull())
    .addColumn('pyscan_version', t.text, (c) => c.notNull())
    .addColumn('payload', bytes, (c) => c.notNull())
    .addColumn('bytes', t.int, (c) => c.notNull())
    .addColumn('last_used_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_metrics_pk', ['blob_id', 'pyscan_version'])
    .execute();
  await db.schema.createIndex('blob_metrics_used').on('blob_metrics').column('last_used_at').execute();
  await db.schema
    .createTable('pylint_cache')
    .addColumn('tree_id', t.text, (c) => c.notNull())
    .addColumn('pylint_version', t.text, (c) => c.notNull())
    .addColumn('options_hash', t.text, (c) => c.notNull())
    .addColumn('payload', bytes, (c) => c.notNull())
    .addColumn('bytes', t.int, (c) => c.notNull())
    .addColumn('last_used_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('pylint_cache_pk', ['tree_id', 'pylint_version', 'options_hash'])
    .execute();
  await db.schema.createIndex('pylint_cache_used').on('pylint_cache').column('last_used_at').execute();
  await db.schema.alterTable('analyses').addColumn('cache_stats', t.text).execute();
};
