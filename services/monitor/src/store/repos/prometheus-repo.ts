import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** SQL for the /metrics scrape: one read of the monitors, one count of the outbox. */
export const prometheusRepo = {
  monitors: (db: Db) =>
    db
      .selectFrom('monitors')
      .select([
        'id',
        'name',
        'monitor_type',
        'url',
        'starttls',
        'current_status',
        'last_response_time_ms',
        'last_tls_days_left',
      ])
      .orderBy('id')
      .execute(),
  /** Outbox rows waiting for delivery and rows given up (kept until pruned). */
  async outboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
    const rows = await db
      .selectFrom('notification_outbox')
      .select(['status', sql<number>`count(*)`.as('n')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute();
    const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { pending: n('pending'), failed: n('failed') };
  },
};
