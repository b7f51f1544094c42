import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the health score's inputs: a run's measures, findings and clones (the score is computed on read). */
export const healthRepo = {
  async files(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('file_metrics')
      .select(['path', 'sloc', 'parse_error'])
      .where('analysis_id', '=', id)
      .orderBy('path')
      .execute();
  },

  async functions(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('function_metrics')
      .select([
        'path',
        'class_name',
        'name',
        'lineno',
        'endline',
        'complexity',
        'cognitive',
        'max_nesting',
        'nloc',
        'params',
      ])
      .where('analysis_id', '=', id)
      .orderBy('path')
      .orderBy('lineno')
      .execute();
  },

  async findings(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('findings')
      .select(['path', 'line', 'category', 'symbol', 'severity'])
      .where('analysis_id', '=', id)
      .execute();
  },

  async clones(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('clone_occurrences')
      .select(['path', 'start_line', 'end_line'])
      .where('analysis_id', '=', id)
      .execute();
  },
};
