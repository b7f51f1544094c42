import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Per-commit runs by reference (issue 18): a history run's per-commit run stores its files as a
 * manifest (path → git blob id) whose results are the content cache's payloads, instead of ~17,000
 * copied rows per commit; its file, class and function rows are written from the manifest the first
 * time something reads them (the manifest row goes then). The contents a history run's manifests
 * name are pinned for as long as the run exists, so the cache's pruning never takes them.
 */
export const commitManifests: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('commit_manifests')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('pyscan_version', t.text, (c) => c.notNull())
    .addColumn('file_count', t.int, (c) => c.notNull())
    .addColumn('files', bytes, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('history_contents')
    .addColumn('parent_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('blob_id', t.text, (c) => c.notNull())
    .addColumn('pyscan_version', t.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('history_contents_pk', ['parent_id', 'blob_id', 'pyscan_version'])
    .execute();
  await db.schema
    .createIndex('history_contents_blob')
    .on('history_contents')
    .columns(['blob_id', 'pyscan_version'])
    .execute();
};
