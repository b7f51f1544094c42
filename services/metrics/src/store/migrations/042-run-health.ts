import { type AppMigration, columnTypes } from '@app/kit';

/**
 * The health score of a run (issue 35), stored when the run is made and again when coverage is
 * uploaded: the repository's, each file's and each function's score with its itemised deductions,
 * one JSON document per run. Runs from before have none (their score is computed when read).
 */
export const runHealth: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('run_health')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('payload', t.text, (c) => c.notNull())
    .execute();
};
