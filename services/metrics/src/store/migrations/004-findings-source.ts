import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Findings and source view (issue 21): every pylint message of a run, and per analysed file its
 * bytes as they were at the analysed commit (gzip-compressed, absent past the size caps) with
 * pylint's statement count, so the source stays readable once the clone is gone and the pylint score
 * can be explained. Runs finished before this migration have neither: their findings are empty and
 * their source view says the source was not stored.
 */
export const findingsSource: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('findings')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('line', t.int, (c) => c.notNull())
    .addColumn('column', t.int, (c) => c.notNull())
    .addColumn('end_line', t.int)
    .addColumn('end_column', t.int)
    .addColumn('category', t.text, (c) => c.notNull())
    .addColumn('symbol', t.text, (c) => c.notNull())
    .addColumn('message_id', t.text, (c) => c.notNull())
    .addColumn('message', t.text, (c) => c.notNull())
    .execute();
  // Pages are listed in (path, line) order, filtered by path prefix, category or symbol.
  await db.schema
    .createIndex('findings_position')
    .on('findings')
    .columns(['analysis_id', 'path', 'line'])
    .execute();
  await db.schema.createIndex('findings_rule').on('findings').columns(['analysis_id', 'symbol']).execute();

  await db.schema
    .createTable('source_files')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    /** `stored`, `file_cap`, `run_cap` or `unreadable`. */
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('pylint_statements', t.int)
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob')
    .execute();
  await db.schema
    .createIndex('source_files_path')
    .on('source_files')
    .columns(['analysis_id', 'path'])
    .unique()
    .execute();
};
