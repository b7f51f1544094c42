import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Code health per run (issue 35): typing and docstring shares, the import graph (edges), its cycles
 * and the contracts' results, as one JSON document per run (read whole by the code-health endpoint;
 * the edges CSV is made from it). Deleted with its run.
 */
export const codeHealth: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('code_health')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('payload', t.text, (c) => c.notNull())
    .execute();
};
