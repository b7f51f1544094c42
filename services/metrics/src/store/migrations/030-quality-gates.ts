import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Saved quality gates and run verdicts (issue 36). `quality_gates` holds one gate per scope: `*`
 * for the default, `owner/repo` (lower case) for a repository's own. `run_verdicts` holds the verdict
 * a finished run got from the gate that applied when it finished (the gate's conditions are copied
 * into it, so editing the gate later does not rewrite history); it goes with its run.
 */
export const qualityGates: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('quality_gates')
    .addColumn('scope_key', t.text, (c) => c.primaryKey())
    // JSON array of canonical condition strings.
    .addColumn('conditions', t.text, (c) => c.notNull())
    .addColumn('badge_public', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('run_verdicts')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('passed', t.int, (c) => c.notNull())
    // JSON of the whole verdict (shared-types/gate-shapes.ts `Verdict`).
    .addColumn('verdict', t.text, (c) => c.notNull())
    .addColumn('evaluated_at', t.bigint, (c) => c.notNull())
    .execute();
};
