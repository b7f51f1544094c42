import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the Prometheus endpoint: counts over every run, and the last finished runs' details. */
export const observabilityRepo = {
  /** Top-level runs (not a history run's per-commit runs) by status. */
  async runsByStatus(db: Kysely<MetricsDB>) {
    return db
      .selectFrom('analyses')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('history_parent_id', 'is', null)
      .groupBy('status')
      .execute();
  },

  async failedByCode(db: Kysely<MetricsDB>) {
    return db
      .selectFrom('analyses')
      .select(['error_code', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', '=', 'failed')
      .groupBy('error_code')
      .execute();
  },

  /** The newest `limit` finished top-level runs: their stage times, cache figures, warnings, settings. */
  async recentDone(db: Kysely<MetricsDB>, limit: number) {
    return db
      .selectFrom('analyses')
      .select(['stage_times', 'finished_at', 'cache_stats', 'warnings', 'settings', 'status'])
      .where('status', '=', 'done')
      .where('history_parent_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
