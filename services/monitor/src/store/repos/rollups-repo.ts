import { type Insertable, sql } from 'kysely';
import type { CheckRollupsTable, Db, RollupPeriod } from '../schema.js';

export interface Aggregate {
  monitor_id: number;
  checks: number;
  up_checks: number;
  latency_count: number;
  latency_avg: number | null;
  latency_p95: number | null;
}

// Seven columns a row; SQLite allows 32,766 bound values per statement.
const UPSERT_CHUNK = 1000;

/** SQL for roll-ups and the watermarks of background jobs. */
export const rollupsRepo = {
  /** Per monitor over [from, to): counts, mean latency and nearest-rank p95, in two scans of the time index. */
  async aggregate(db: Db, from: number, to: number, monitorId?: number): Promise<Aggregate[]> {
    const only = monitorId === undefined ? sql`` : sql`and monitor_id = ${monitorId}`;
    const counts = await sql<Omit<Aggregate, 'latency_p95'>>`
      select monitor_id, count(*) as checks, sum(status) as up_checks,
             count(response_time_ms) as latency_count, avg(response_time_ms) as latency_avg
      from check_results where checked_at >= ${from} and checked_at < ${to} ${only}
      group by monitor_id`.execute(db);
    // The window numbers each monitor's latencies in order; the p95 is the row at ceil(0.95 n).
    const p95 = await sql<{ monitor_id: number; latency_p95: number }>`
      select monitor_id, response_time_ms as latency_p95 from (
        select monitor_id, response_time_ms,
               row_number() over (partition by monitor_id order by response_time_ms) as rn,
               count(*) over (partition by monitor_id) as n
        from check_results
        where checked_at >= ${from} and checked_at < ${to} and response_time_ms is not null ${only}
      ) ranked where rn = (95 * n + 99) / 100`.execute(db);
    const p95By = new Map(p95.rows.map((r) => [Number(r.monitor_id), Number(r.latency_p95)]));
    return counts.rows.map((r) => ({
      monitor_id: Number(r.monitor_id),
      checks: Number(r.checks),
      up_checks: Number(r.up_checks),
      latency_count: Number(r.latency_count),
      latency_avg: r.latency_avg === null ? null : Number(r.latency_avg),
      latency_p95: p95By.get(Number(r.monitor_id)) ?? null,
    }));
  },
  async upsert(db: Db, rows: Insertable<CheckRollupsTable>[]) {
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      await db
        .insertInto('check_rollups')
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['monitor_id', 'period', 'bucket_start']).doUpdateSet((eb) => ({
            checks: eb.ref('excluded.checks'),
            up_checks: eb.ref('excluded.up_checks'),
            latency_count: eb.ref('excluded.latency_count'),
            latency_avg: eb.ref('excluded.latency_avg'),
            latency_p95: eb.ref('excluded.latency_p95'),
          })),
        )
        .execute();
    }
  },
  range: (db: Db, monitorId: number, period: RollupPeriod, from: number, to: number) =>
    db
      .selectFrom('check_rollups')
      .selectAll()
      .where('monitor_id', '=', monitorId)
      .where('period', '=', period)
      .where('bucket_start', '>=', from)
      .where('bucket_start', '<', to)
      .orderBy('bucket_start')
      .execute(),
  /** Check counts of the buckets of `monitorIds` in [from, to): what uptime bars are drawn from. */
  countsFor: (db: Db, monitorIds: readonly number[], period: RollupPeriod, from: number, to: number) =>
    monitorIds.length === 0 || from >= to
      ? Promise.resolve(
          [] as { monitor_id: number; bucket_start: number; checks: number; up_checks: number }[],
        )
      : db
          .selectFrom('check_rollups')
          .select(['monitor_id', 'bucket_start', 'checks', 'up_checks'])
          .where('period', '=', period)
          .where('bucket_start', '>=', from)
          .where('bucket_start', '<', to)
          .where('monitor_id', 'in', monitorIds)
          .execute(),
  deleteBefore: (db: Db, period: RollupPeriod, before: number) =>
    db.deleteFrom('check_rollups').where('period', '=', period).where('bucket_start', '<', before).execute(),
  earliestResult: async (db: Db) =>
    (
      await db
        .selectFrom('check_results')
        .select((e) => e.fn.min('checked_at').as('t'))
        .executeTakeFirst()
    )?.t ?? null,
  /** Deletes up to `limit` raw results older than `before`; returns how many went. */
  async pruneResults(db: Db, before: number, limit: number): Promise<number> {
    const r = await db
      .deleteFrom('check_results')
      .where('id', 'in', (q) =>
        q.selectFrom('check_results').select('id').where('checked_at', '<', before).limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  getMark: async (db: Db, name: string) =>
    (await db.selectFrom('job_state').select('done_until').where('name', '=', name).executeTakeFirst())
      ?.done_until ?? null,
  setMark: (db: Db, name: string, doneUntil: number) =>
    db
      .insertInto('job_state')
      .values({ name, done_until: doneUntil })
      .onConflict((oc) => oc.column('name').doUpdateSet({ done_until: doneUntil }))
      .execute(),
};
