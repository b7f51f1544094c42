import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** The summary numbers an upload after the run changes (coverage, new-code coverage, health). */
export type SummaryUpdate = Partial<Record<'coverage' | 'new_coverage' | 'health', number | null>>;

/** SQL of a finished run's summary changed after the run: its summaries row and the record's summary JSON. */
export const runSummaryRepo = {
  /** Sets `values` in both; returns the record's summary as it is now (null for a run without one). */
  async update(
    db: Kysely<MetricsDB>,
    analysisId: number,
    values: SummaryUpdate,
  ): Promise<Record<string, unknown> | null> {
    return db.transaction().execute(async (tx) => {
      await tx.updateTable('summaries').set(values).where('analysis_id', '=', analysisId).execute();
      const row = await tx
        .selectFrom('analyses')
        .select('summary')
        .where('id', '=', analysisId)
        .executeTakeFirst();
      if (!row?.summary) return null;
      const summary = { ...(JSON.parse(row.summary) as Record<string, unknown>), ...values };
      await tx
        .updateTable('analyses')
        .set({ summary: JSON.stringify(summary) })
        .where('id', '=', analysisId)
        .execute();
      return summary;
    });
  },
};
