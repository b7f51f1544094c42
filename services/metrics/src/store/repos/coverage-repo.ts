import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of run_coverage, and the run's functions and files a coverage report is joined to. */
export const coverageRepo = {
  async put(db: Kysely<MetricsDB>, analysisId: number, payload: string, now: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('run_coverage').where('analysis_id', '=', analysisId).execute();
      await tx
        .insertInto('run_coverage')
        .values({ analysis_id: analysisId, payload, uploaded_at: now })
        .execute();
    });
  },

  async get(db: Kysely<MetricsDB>, analysisId: number): Promise<string | null> {
    const row = await db
      .selectFrom('run_coverage')
      .select('payload')
      .where('analysis_id', '=', analysisId)
      .executeTakeFirst();
    return row?.payload ?? null;
  },

  /** The run's files with their commit count (null without history). */
  async files(db: Kysely<MetricsDB>, analysisId: number) {
    return db
      .selectFrom('file_metrics')
      .select(['path', 'revisions'])
      .where('analysis_id', '=', analysisId)
      .orderBy('path')
      .execute();
  },

  async functions(db: Kysely<MetricsDB>, analysisId: number) {
    return db
      .selectFrom('function_metrics')
      .select(['path', 'name', 'class_name', 'lineno', 'endline', 'complexity', 'cognitive'])
      .where('analysis_id', '=', analysisId)
      .orderBy('path')
      .orderBy('lineno')
      .execute();
  },
};
