import { type Insertable, sql } from 'kysely';
import type { CheckRollupsTable, Db, RollupPeriod } from '../schema.js';

export interface Aggregate {
  monitor_id: number;
  checks: number;
  up_checks: number;
  latency_count: number;
  latency_avg: number | null;
  latency_p95: number | null;
  /** Up checks slower than the monitor's `degraded_response_ms` at roll-up time. */
  degraded_checks: number;
  latency_p50: number | null;
  latency_p99: number | null;
}

/** Counts of one monitor (a number), of some (a list), or of all (undefined). */
export type MonitorFilter = number | readonly number[] | undefined;

export type Counts = Omit<Aggregate, 'latency_p50' | 'latency_p95' | 'latency_p99'>;

const only = (monitors: MonitorFilter, table = sql``) =>
  monitors === undefined
    ? sql``
    : typeof monitors === 'number'
      ? sql`and ${table}monitor_id = ${monitors}`
      : sql`and ${table}monitor_id in (${sql.join(monitors)})`;

// Ten columns a row; SQLite allows 32,766 bound values per statement.
const UPSERT_CHUNK = 1000;

/** SQL for roll-ups and the watermarks of background jobs. */
export const rollupsRepo = {
  /**
   * Per monitor over [from, to): counts and mean latency, in one scan of the time index. The roll-up
   * job's buckets and the figures of periods not rolled up yet (the hour in progress) both come
   * from here, so a figure does not move when its hour is rolled up.
   */
  async counts(db: Db, from: number, to: number, monitors?: MonitorFilter): Promise<Counts[]> {
    if (Array.isArray(monitors) && monitors.length === 0) return [];
    const counts = await sql<Counts>`
      select r.monitor_id, count(*) as checks, sum(r.status) as up_checks,
             count(r.response_time_ms) as latency_count, avg(r.response_time_ms) as latency_avg,
             sum(case when r.status = 1 and r.response_time_ms > m.degraded_response_ms then 1 else 0 end)
               as degraded_checks
      from check_results r left join monitors m on m.id = r.monitor_id
      where r.checked_at >= ${from} and r.checked_at < ${to} ${only(monitors, sql`r.`)}
      group by r.monitor_id`.execute(db);
    return counts.rows.map((r) => ({
      monitor_id: Number(r.monitor_id),
      checks: Number(r.checks),
      up_checks: Number(r.up_checks),
      latency_count: Number(r.latency_count),
      latency_avg: r.latency_avg === null ? null : Number(r.latency_avg),
      degraded_checks: Number(r.degraded_checks ?? 0),
    }));
  },
  /** counts(), plus each monitor's nearest-rank p50, p95 and p99 latency (a second scan). */
  async aggregate(db: Db, from: number, to: number, monitorId?: number): Promise<Aggregate[]> {
    const counts = await rollupsRepo.counts(db, from, to, monitorId);
    // The window numbers each monitor's latencies in order; the pXX is the row at ceil(XX n / 100).
    const ranks = await sql<{ monitor_id: number; rn: number; n: number; ms: number }>`
      select monitor_id, rn, n, response_time_ms as ms from (
        select monitor_id, response_time_ms,
               row_number() over (partition by monitor_id order by response_time_ms) as rn,
               count(*) over (partition by monitor_id) as n
        from check_results
        where checked_at >= ${from} and checked_at < ${to} and response_time_ms is not null ${only(monitorId)}
      ) ranked where rn in ((50 * n + 99) / 100, (95 * n + 99) / 100, (99 * n + 99) / 100)`.execute(db);
    const at = new Map<number, { p50: number | null; p95: number | null; p99: number | null }>();
    for (const r of ranks.rows) {
      const id = Number(r.monitor_id);
      const n = Number(r.n);
      const rn = Number(r.rn);
      const p = at.get(id) ?? { p50: null, p95: null, p99: null };
      // Integer division as in SQL: the rank of pXX is floor((XX n + 99) / 100) = ceil(XX n / 100).
      if (rn === Math.floor((50 * n + 99) / 100)) p.p50 = Number(r.ms);
      if (rn === Math.floor((95 * n + 99) / 100)) p.p95 = Number(r.ms);
      if (rn === Math.floor((99 * n + 99) / 100)) p.p99 = Number(r.ms);
      at.set(id, p);
    }
    return counts.map((c) => {
      const p = at.get(c.monitor_id);
      return { ...c, latency_p50: p?.p50 ?? null, latency_p95: p?.p95 ?? null, latency_p99: p?.p99 ?? null };
    });
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
            degraded_checks: eb.ref('excluded.degraded_checks'),
            latency_p50: eb.ref('excluded.latency_p50'),
            latency_p99: eb.ref('excluded.latency_p99'),
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
