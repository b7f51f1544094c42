import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Duplication (issue 21): duplicated lines and their share per file and per run, and the clone
 * groups with each occurrence's location and a capped copy of its text (the side-by-side view
 * reads it after the clone is gone). Runs from before have nulls and no groups.
 */
export const duplication: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  for (const table of ['file_metrics', 'summaries'] as const) {
    await db.schema.alterTable(table).addColumn('duplicated_lines', t.int).execute();
    await db.schema.alterTable(table).addColumn('duplicated_lines_pct', t.real).execute();
  }
  await db.schema
    .createTable('clone_groups')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('group_no', t.int, (c) => c.notNull())
    .addColumn('tokens', t.int, (c) => c.notNull())
    .addColumn('lines', t.int, (c) => c.notNull())
    .addColumn('occurrences', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('clone_groups_run')
    .on('clone_groups')
    .columns(['analysis_id', 'group_no'])
    .unique()
    .execute();
  await db.schema
    .createTable('clone_occurrences')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('group_no', t.int, (c) => c.notNull())
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('start_line', t.int, (c) => c.notNull())
    .addColumn('end_line', t.int, (c) => c.notNull())
    .addColumn('tokens', t.int, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('truncated', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('clone_occurrences_run')
    .on('clone_occurrences')
    .columns(['analysis_id', 'group_no'])
    .execute();
  await db.schema
    .createIndex('clone_occurrences_path')
    .on('clone_occurrences')
    .columns(['analysis_id', 'path'])
    .execute();
};
