import { type AppMigration, columnTypes } from '@app/kit';

const REAL_FILE_COLUMNS = [
  'cc_avg',
  'mi',
  'volume',
  'difficulty',
  'effort',
  'time',
  'bugs',
  'pylint_score',
  'avg_loc_added',
  'avg_loc_deleted',
] as const;
const INT_FILE_COLUMNS = [
  'loc',
  'lloc',
  'sloc',
  'comments',
  'multi',
  'blank',
  'single_comments',
  'functions',
  'classes',
  'cc_total',
  'cc_max',
  'h1',
  'h2',
  'N1',
  'N2',
  'vocabulary',
  'length',
  'pylint_convention',
  'pylint_refactor',
  'pylint_warning',
  'pylint_error',
  'pylint_fatal',
  'age_days',
  'revisions',
  'authors',
] as const;

/** Analyses (the job queue too), results at file, class and function level, and summaries. */
export const analyses: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('analyses')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('repo_url', t.text, (c) => c.notNull())
    .addColumn('owner', t.text, (c) => c.notNull())
    .addColumn('repo', t.text, (c) => c.notNull())
    .addColumn('branch', t.text)
    .addColumn('ref', t.text)
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('stage', t.text, (c) => c.notNull())
    .addColumn('stage_times', t.text, (c) => c.notNull())
    .addColumn('progress_done', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('commit_sha', t.text)
    .addColumn('ref_used', t.text)
    .addColumn('output_name', t.text)
    .addColumn('warnings', t.text, (c) => c.notNull())
    .addColumn('error_code', t.text)
    .addColumn('error_message', t.text)
    .addColumn('settings', t.text, (c) => c.notNull())
    .addColumn('summary', t.text)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('started_at', t.bigint)
    .addColumn('finished_at', t.bigint)
    .addColumn('lease_owner', t.text)
    .addColumn('lease_expires_at', t.bigint)
    .addColumn('heartbeat_at', t.bigint)
    .addColumn('attempts', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  // The worker claims the oldest pending run and sweeps expired leases of running ones.
  await db.schema.createIndex('analyses_status').on('analyses').columns(['status', 'id']).execute();
  // The trend view: one repository's runs over time.
  await db.schema.createIndex('analyses_repo').on('analyses').columns(['repo_url', 'id']).execute();

  let files = db.schema
    .createTable('file_metrics')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull());
  for (const col of INT_FILE_COLUMNS) files = files.addColumn(col, t.int);
  for (const col of REAL_FILE_COLUMNS) files = files.addColumn(col, t.real);
  await files.addColumn('mi_rank', t.text).addColumn('parse_error', t.text).execute();
  await db.schema
    .createIndex('file_metrics_path')
    .on('file_metrics')
    .columns(['analysis_id', 'path'])
    .unique()
    .execute();
  // The file table's usual sort keys; other sorts scan one run's rows, which stay in the thousands.
  for (const col of ['cc_max', 'mi', 'loc', 'pylint_score', 'revisions']) {
    await db.schema
      .createIndex(`file_metrics_${col}`)
      .on('file_metrics')
      .columns(['analysis_id', col])
      .execute();
  }

  await db.schema
    .createTable('class_metrics')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('lineno', t.int, (c) => c.notNull())
    .addColumn('endline', t.int, (c) => c.notNull())
    .addColumn('methods', t.int, (c) => c.notNull())
    .addColumn('complexity', t.int, (c) => c.notNull())
    .addColumn('real_complexity', t.int, (c) => c.notNull())
    .addColumn('rank', t.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_metrics_path')
    .on('class_metrics')
    .columns(['analysis_id', 'path'])
    .execute();
  await db.schema
    .createIndex('class_metrics_complexity')
    .on('class_metrics')
    .columns(['analysis_id', 'complexity'])
    .execute();

  await db.schema
    .createTable('function_metrics')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('analysis_id', t.bigint, (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('path', t.text, (c) => c.notNull())
    .addColumn('class_name', t.text, (c) => c.notNull())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('lineno', t.int, (c) => c.notNull())
    .addColumn('endline', t.int, (c) => c.notNull())
    .addColumn('is_method', t.int, (c) => c.notNull())
    .addColumn('complexity', t.int, (c) => c.notNull())
    .addColumn('rank', t.text, (c) => c.notNull())
    .addColumn('cognitive', t.int, (c) => c.notNull())
    .addColumn('params', t.int, (c) => c.notNull())
    .addColumn('nloc', t.int, (c) => c.notNull())
    .addColumn('max_nesting', t.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('function_metrics_path')
    .on('function_metrics')
    .columns(['analysis_id', 'path'])
    .execute();
  await db.schema
    .createIndex('function_metrics_complexity')
    .on('function_metrics')
    .columns(['analysis_id', 'complexity'])
    .execute();
  await db.schema
    .createIndex('function_metrics_cognitive')
    .on('function_metrics')
    .columns(['analysis_id', 'cognitive'])
    .execute();

  await db.schema
    .createTable('summaries')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('repo_url', t.text, (c) => c.notNull())
    .addColumn('commit_sha', t.text, (c) => c.notNull())
    .addColumn('files', t.int, (c) => c.notNull())
    .addColumn('classes', t.int, (c) => c.notNull())
    .addColumn('functions', t.int, (c) => c.notNull())
    .addColumn('loc', t.int, (c) => c.notNull())
    .addColumn('sloc', t.int, (c) => c.notNull())
    .addColumn('cc_avg', t.real)
    .addColumn('cc_max', t.int)
    .addColumn('mi_avg', t.real)
    .addColumn('pylint_avg', t.real)
    .addColumn('parse_errors', t.int, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('summaries_repo').on('summaries').columns(['repo_url', 'created_at']).execute();
};
