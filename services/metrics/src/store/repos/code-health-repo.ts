import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the code_health table: one JSON document per run. */
export const codeHealthRepo = {
  /** Stores (or replaces, for a run taken over) the run's document. */
  async put(db: Kysely<MetricsDB>, analysisId: number, payload: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('code_health').where('analysis_id', '=', analysisId).execute();
      await tx.insertInto('code_health').values({ analysis_id: analysisId, payload }).execute();
    });
  },

  async get(db: Kysely<MetricsDB>, analysisId: number): Promise<string | null> {
    const row = await db
      .selectFrom('code_health')
      .select('payload')
      .where('analysis_id', '=', analysisId)
      .executeTakeFirst();
    return row?.payload ?? null;
  },
};
