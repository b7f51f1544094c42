import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the source view: a file's stored source, its row and its functions. */
export const sourceRepo = {
  /** The stored source record of one file of a run, or undefined when none was stored. */
  async source(db: Kysely<MetricsDB>, analysisId: number, path: string) {
    return db
      .selectFrom('source_files')
      .select(['status', 'size', 'pylint_statements', 'content'])
      .where('analysis_id', '=', analysisId)
      .where('path', '=', path)
      .executeTakeFirst();
  },

  /** The file's pylint columns, or undefined when the run has no such file. */
  async file(db: Kysely<MetricsDB>, analysisId: number, path: string) {
    return db
      .selectFrom('file_metrics')
      .select([
        'path',
        'loc',
        'pylint_score',
        'pylint_convention',
        'pylint_refactor',
        'pylint_warning',
        'pylint_error',
        'pylint_fatal',
      ])
      .where('analysis_id', '=', analysisId)
      .where('path', '=', path)
      .executeTakeFirst();
  },

  /** The file's functions in line order, with what the gutter shows. */
  async functions(db: Kysely<MetricsDB>, analysisId: number, path: string) {
    return db
      .selectFrom('function_metrics')
      .select(['name', 'class_name', 'lineno', 'endline', 'complexity', 'cognitive', 'rank'])
      .where('analysis_id', '=', analysisId)
      .where('path', '=', path)
      .orderBy('lineno')
      .orderBy('id')
      .execute();
  },
};
