import type { Kysely, Selectable } from 'kysely';
import type { MetricsDB, QualityGatesTable, RunVerdictsTable } from '../schema.js';

export type GateRow = Selectable<QualityGatesTable>;
export type VerdictRow = Selectable<RunVerdictsTable>;

/** The default gate's key; a repository's gate is keyed `owner/repo` in lower case. */
export const DEFAULT_GATE_KEY = '*';

/** SQL of saved quality gates and run verdicts. */
export const gatesRepo = {
  async get(db: Kysely<MetricsDB>, key: string): Promise<GateRow | undefined> {
    return db.selectFrom('quality_gates').selectAll().where('scope_key', '=', key).executeTakeFirst();
  },

  async put(db: Kysely<MetricsDB>, row: GateRow): Promise<void> {
    await db
      .insertInto('quality_gates')
      .values(row)
      .onConflict((oc) =>
        oc.column('scope_key').doUpdateSet({
          conditions: row.conditions,
          badge_public: row.badge_public,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  },

  async remove(db: Kysely<MetricsDB>, key: string): Promise<boolean> {
    const r = await db.deleteFrom('quality_gates').where('scope_key', '=', key).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  async verdict(db: Kysely<MetricsDB>, analysisId: number): Promise<VerdictRow | undefined> {
    return db.selectFrom('run_verdicts').selectAll().where('analysis_id', '=', analysisId).executeTakeFirst();
  },

  async putVerdict(db: Kysely<MetricsDB>, row: VerdictRow): Promise<void> {
    await db
      .insertInto('run_verdicts')
      .values(row)
      .onConflict((oc) =>
        oc.column('analysis_id').doUpdateSet({
          passed: row.passed,
          verdict: row.verdict,
          evaluated_at: row.evaluated_at,
        }),
      )
      .execute();
  },

  /** The newest top-level finished run of a repository (for its badge). */
  async latestDoneRun(db: Kysely<MetricsDB>, owner: string, repo: string) {
    return db
      .selectFrom('analyses')
      .select(['id'])
      .where('status', '=', 'done')
      .where('history_parent_id', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['owner']), '=', owner.toLowerCase()))
      .where((eb) => eb(eb.fn('lower', ['repo']), '=', repo.toLowerCase()))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** A run's item rows as pyscan's evaluation reads them: every file with its functions. */
  async fileRows(db: Kysely<MetricsDB>, analysisId: number) {
    return db.selectFrom('file_metrics').selectAll().where('analysis_id', '=', analysisId).execute();
  },

  async functionRows(db: Kysely<MetricsDB>, analysisId: number) {
    return db.selectFrom('function_metrics').selectAll().where('analysis_id', '=', analysisId).execute();
  },
};
