import { type AppMigration, columnTypes } from '@app/kit';

/**
 * History insights (issue 17): per-file churn, age, knowledge and hotspot columns on file_metrics,
 * and per run the coupling pairs, each author's lines per file, each folder's bus factor and the
 * run's history state. Runs finished before this migration have no state row: their insights say
 * the history is unavailable.
 */
export const historyInsights: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  const added: [string, 'int' | 'real' | 'text' | 'bigint'][] = [
    ['revisions_90d', 'int'],
    ['churn', 'int'],
    ['churn_90d', 'int'],
    ['age_months', 'int'],
    ['main_author_share', 'real'],
    ['knowledgeable_authors', 'int'],
    ['hotspot_score', 'real'],
    ['last_changed', 'bigint'],
    ['main_author_name', 'text'],
    ['main_author_email', 'text'],
    ['hotspot_score_cognitive', 'real'],
    ['complexity_sum', 'int'],
    ['cognitive_sum', 'int'],
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of added) {
    await db.schema.alterTable('file_metrics').addColumn(name, t[type]).execute();
  }
  await db.schema
    .createIndex('file_metrics_hotspot')
    .on('file_metrics')
    .columns(['analysis_id', 'hotspot_score'])
    .execute();

  await db.schema
    .createTable('history_insights')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('available', t.int, (c) => c.notNull())
    .addColumn('reason', t.text)
    .addColumn('commits_read', t.int, (c) => c.notNull())
    .addColumn('bus_factor', t.int, (c) => c.notNull())
    .addColumn('authors_total', t.int, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coupling_pairs')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path_a', t.text, (c) => c.notNull())
    .addColumn('path_b', t.text, (c) => c.notNull())
    .addColumn('shared_commits', t.int, (c) => c.notNull())
    .addColumn('degree', t.real, (c) => c.notNull())
    .addColumn('revisions_a', t.int, (c) => c.notNull())
    .addColumn('revisions_b', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupling_pairs_rank')
    .on('coupling_pairs')
    .columns(['analysis_id', 'degree', 'shared_commits'])
    .execute();

  await db.schema
    .createTable('author_shares')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('email', t.text, (c) => c.notNull())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('lines', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('author_shares_run')
    .on('author_shares')
    .columns(['analysis_id', 'email'])
    .execute();

  await db.schema
    .createTable('knowledge_folders')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('bus_factor', t.int, (c) => c.notNull())
    .addColumn('files', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_folders_run')
    .on('knowledge_folders')
    .columns(['analysis_id', 'path'])
    .execute();
};
