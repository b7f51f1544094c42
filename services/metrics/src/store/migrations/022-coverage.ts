import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Coverage uploaded for a run (issue 35): coverage.py's report joined to the run's files and
 * functions, as one JSON document per run (the latest upload replaces the earlier). Deleted with its run.
 */
export const runCoverage: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('run_coverage')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('payload', t.text, (c) => c.notNull())
    .addColumn('uploaded_at', t.bigint, (c) => c.notNull())
    .execute();
};
