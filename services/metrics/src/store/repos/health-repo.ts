import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the stored health score (run_health) and of its inputs: a run's measures, findings and clones. */
export const healthRepo = {
  /** Stores (or replaces) the run's health document. */
  async put(db: Kysely<MetricsDB>, analysisId: number, payload: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('run_health').where('analysis_id', '=', analysisId).execute();
      await tx.insertInto('run_health').values({ analysis_id: analysisId, payload }).execute();
    });
  },

  async get(db: Kysely<MetricsDB>, analysisId: number): Promise<string | null> {
    const row = await db
      .selectFrom('run_health')
      .select('payload')
      .where('analysis_id', '=', analysisId)
      .executeTakeFirst();
    return row?.payload ?? null;
  },

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
