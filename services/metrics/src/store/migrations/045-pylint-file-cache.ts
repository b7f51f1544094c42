import { type AppMigration, columnTypes } from '@app/kit';

/**
 * The per-file pylint cache (issue 38): one file's pylint result (gzip of JSON), keyed by the hash of
 * its content, its path, pylint's version, the effective configuration and the contents of the
 * repository modules it imports (`pipeline/cache/pylint-file-keys.ts`), so that a new commit lints
 * only its changed files and their importers. Shares `CACHE_MAX_MB` as a total of its own, least
 * recently used first, like the history segments.
 */
export const pylintFileCache: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('pylint_file_cache')
    .addColumn('file_key', t.text, (c) => c.primaryKey())
    .addColumn('payload', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('bytes', t.int, (c) => c.notNull())
    .addColumn('last_used_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pylint_file_cache_used')
    .on('pylint_file_cache')
    .column('last_used_at')
    .execute();
};
