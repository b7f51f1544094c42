import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Commit history (issue 18): each run records its commit's date, so trends follow the history
 * instead of the order runs were made in, and a history run's per-commit runs point at it.
 * Earlier runs keep a null date (their clone is gone); trends place them by analysis time.
 */
export const commitHistory: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('analyses').addColumn('commit_date', t.bigint).execute();
  await db.schema
    .alterTable('analyses')
    .addColumn('history_parent_id', t.bigint, (c) => c.references('analyses.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('analyses_history_parent').on('analyses').column('history_parent_id').execute();
};
