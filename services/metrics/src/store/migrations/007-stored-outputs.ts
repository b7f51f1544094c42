import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Stored outputs (issue 20): every file of a run's output folder (CSVs gzip-compressed, the ZIP as
 * it is) is kept in the database too, so any instance serves any run's downloads. Runs finished
 * before have no rows here and are still served from the output folder of the instance that ran them.
 */
export const storedOutputs: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('output_files')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('name', t.text, (c) => c.notNull())
    // 'gzip' (stored compressed, sent decompressed) or 'identity' (the ZIP, already compressed).
    .addColumn('encoding', t.text, (c) => c.notNull())
    // The file's own size in bytes (as downloaded), for Content-Length.
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('output_files_run')
    .on('output_files')
    .columns(['analysis_id', 'name'])
    .unique()
    .execute();
};
