import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** Counts of one monitor at one location over a span of time (raw results). */
export interface LocationCounts {
  monitor_id: number;
  /** null: `local`. */
  location_id: string | null;
  checks: number;
  up_checks: number;
  degraded_checks: number;
}

/** A daily roll-up as reports read it. */
export interface DayBucket {
  monitor_id: number;
  bucket_start: number;
  checks: number;
  up_checks: number;
  degraded_checks: number;
  latency_count: number;
  latency_p50: number | null;
  latency_p95: number | null;
  latency_p99: number | null;
}

/** Daily roll-ups of one monitor summed (see daySums). */
export interface DaySums {
  monitor_id: number;
  checks: number;
  up_checks: number;
  degraded_checks: number;
  n_p50: number;
  s_p50: number;
  n_p95: number;
  s_p95: number;
  n_p99: number;
  s_p99: number;
}

/** The monitor facts a report needs. */
export interface ReportMonitorRow {
  id: number;
  name: string;
  monitor_type: string;
  group_id: number | null;
  created_at: number;
  sla_target_percent: number | null;
  degraded_response_ms: number | null;
}

export interface ReportIncidentRow {
  id: number;
  monitor_id: number;
  status: string;
  severity: string;
  started_at: number;
  resolved_at: number | null;
  acknowledged_at: number | null;
}

// Monitor lists go into `in (…)`; SQLite allows 32,766 bound values, PostgreSQL 65,535.
const CHUNK = 5000;

async function chunked<T>(ids: readonly number[], run: (part: number[]) => Promise<T[]>): Promise<T[]> {
  let out: T[] = [];
  // concat, not push(...rows): a year of daily roll-ups is more arguments than a call can take.
  for (let i = 0; i < ids.length; i += CHUNK) out = out.concat(await run(ids.slice(i, i + CHUNK)));
  return out;
}

/** SQL for SLA reports: reads only (results, roll-ups, incidents, scopes). */
export const reportsRepo = {
  monitors: (db: Db, ids?: readonly number[]) => {
    let q = db
      .selectFrom('monitors')
      .select([
        'id',
        'name',
        'monitor_type',
        'group_id',
        'created_at',
        'sla_target_percent',
        'degraded_response_ms',
      ])
      .orderBy('name')
      .orderBy('id');
    if (ids) {
      if (ids.length === 0) return Promise.resolve([] as ReportMonitorRow[]);
      q = q.where('id', 'in', ids);
    }
    return q.execute() as Promise<ReportMonitorRow[]>;
  },
  /** Every group and its parent, to find a group's descendants. */
  groupParents: (db: Db) => db.selectFrom('monitor_groups').select(['id', 'parent_id']).execute(),
  groupExists: async (db: Db, id: number) =>
    (await db.selectFrom('monitor_groups').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined,
  groupName: async (db: Db, id: number) =>
    (await db.selectFrom('monitor_groups').select('name').where('id', '=', id).executeTakeFirst())?.name,
  monitorIdsInGroups: async (db: Db, groupIds: readonly number[]) =>
    groupIds.length === 0
      ? []
      : (await db.selectFrom('monitors').select('id').where('group_id', 'in', groupIds).execute()).map(
          (r) => r.id,
        ),
  tagById: (db: Db, id: number) =>
    db.selectFrom('tags').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
  monitorIdsWithTag: async (db: Db, tagId: number) =>
    (await db.selectFrom('monitor_tags').select('monitor_id').where('tag_id', '=', tagId).execute()).map(
      (r) => r.monitor_id,
    ),
  statusPage: (db: Db, id: number) =>
    db.selectFrom('status_pages').select(['id', 'slug', 'title']).where('id', '=', id).executeTakeFirst(),
  monitorIdsOnPage: async (db: Db, pageId: number) =>
    (
      await db
        .selectFrom('status_page_monitors')
        .select('monitor_id')
        .distinct()
        .where('page_id', '=', pageId)
        .execute()
    ).map((r) => r.monitor_id),
  locationNames: (db: Db) => db.selectFrom('locations').select(['id', 'name']).execute(),

  /**
   * Raw results over [from, to) per monitor and location: checks, up checks, and up checks slower
   * than the monitor's `degraded_response_ms` (its value now).
   */
  rawCounts: (db: Db, ids: readonly number[], from: number, to: number) =>
    from >= to
      ? Promise.resolve([] as LocationCounts[])
      : chunked(ids, async (part) => {
          const r = await sql<LocationCounts>`
            select r.monitor_id, r.location_id, count(*) as checks, sum(r.status) as up_checks,
                   sum(case when r.status = 1 and r.response_time_ms > m.degraded_response_ms then 1 else 0 end)
                     as degraded_checks
            from check_results r join monitors m on m.id = r.monitor_id
            where r.checked_at >= ${from} and r.checked_at < ${to} and r.monitor_id in (${sql.join(part)})
            group by r.monitor_id, r.location_id`.execute(db);
          return r.rows.map((x) => ({
            monitor_id: Number(x.monitor_id),
            location_id: x.location_id ?? null,
            checks: Number(x.checks),
            up_checks: Number(x.up_checks),
            degraded_checks: Number(x.degraded_checks ?? 0),
          }));
        }),

  /** Nearest-rank p50, p95 and p99 of the response times of raw results over [from, to), per monitor. */
  rawPercentiles: (db: Db, ids: readonly number[], from: number, to: number) =>
    from >= to
      ? Promise.resolve([] as { monitor_id: number; n: number; rn: number; ms: number }[])
      : chunked(ids, async (part) => {
          const r = await sql<{ monitor_id: number; n: number; rn: number; ms: number }>`
            select monitor_id, n, rn, response_time_ms as ms from (
              select monitor_id, response_time_ms,
                     row_number() over (partition by monitor_id order by response_time_ms) as rn,
                     count(*) over (partition by monitor_id) as n
              from check_results
              where checked_at >= ${from} and checked_at < ${to} and response_time_ms is not null
                and monitor_id in (${sql.join(part)})
            ) ranked where rn in ((50 * n + 99) / 100, (95 * n + 99) / 100, (99 * n + 99) / 100)`.execute(db);
          return r.rows.map((x) => ({
            monitor_id: Number(x.monitor_id),
            n: Number(x.n),
            rn: Number(x.rn),
            ms: Number(x.ms),
          }));
        }),

  /**
   * Per monitor, the daily roll-ups of [from, to) but for the days in `except`, summed: counts, and
   * for each percentile the sum of value × response times and the response times it weighs.
   */
  daySums: (db: Db, ids: readonly number[], from: number, to: number, except: readonly number[]) =>
    from >= to
      ? Promise.resolve([] as DaySums[])
      : chunked(ids, async (part) => {
          const skip = except.length ? sql`and bucket_start not in (${sql.join(except)})` : sql``;
          const r = await sql<DaySums>`
            select monitor_id, sum(checks) as checks, sum(up_checks) as up_checks,
                   sum(degraded_checks) as degraded_checks,
                   sum(case when latency_p50 is null then 0 else latency_count end) as n_p50,
                   sum(latency_p50 * latency_count) as s_p50,
                   sum(case when latency_p95 is null then 0 else latency_count end) as n_p95,
                   sum(latency_p95 * latency_count) as s_p95,
                   sum(case when latency_p99 is null then 0 else latency_count end) as n_p99,
                   sum(latency_p99 * latency_count) as s_p99
            from check_rollups
            where period = 'day' and bucket_start >= ${from} and bucket_start < ${to} ${skip}
              and monitor_id in (${sql.join(part)})
            group by monitor_id`.execute(db);
          return r.rows.map((x) => ({
            monitor_id: Number(x.monitor_id),
            checks: Number(x.checks),
            up_checks: Number(x.up_checks),
            degraded_checks: Number(x.degraded_checks ?? 0),
            n_p50: Number(x.n_p50 ?? 0),
            s_p50: Number(x.s_p50 ?? 0),
            n_p95: Number(x.n_p95 ?? 0),
            s_p95: Number(x.s_p95 ?? 0),
            n_p99: Number(x.n_p99 ?? 0),
            s_p99: Number(x.s_p99 ?? 0),
          }));
        }),

  /** The daily roll-ups of these days (bucket starts). */
  dayBuckets: (db: Db, ids: readonly number[], days: readonly number[]) =>
    days.length === 0
      ? Promise.resolve([] as DayBucket[])
      : chunked(ids, async (part) => {
          const rows = await db
            .selectFrom('check_rollups')
            .select([
              'monitor_id',
              'bucket_start',
              'checks',
              'up_checks',
              'degraded_checks',
              'latency_count',
              'latency_p50',
              'latency_p95',
              'latency_p99',
            ])
            .where('period', '=', 'day')
            .where('bucket_start', 'in', days)
            .where('monitor_id', 'in', part)
            .execute();
          return rows.map((r) => ({
            monitor_id: Number(r.monitor_id),
            bucket_start: Number(r.bucket_start),
            checks: Number(r.checks),
            up_checks: Number(r.up_checks),
            degraded_checks: Number(r.degraded_checks ?? 0),
            latency_count: Number(r.latency_count),
            latency_p50: r.latency_p50 ?? null,
            latency_p95: r.latency_p95 ?? null,
            latency_p99: r.latency_p99 ?? null,
          }));
        }),

  /** Incidents of these monitors that started in [from, to). */
  incidents: (db: Db, ids: readonly number[], from: number, to: number) =>
    chunked(
      ids,
      (part) =>
        db
          .selectFrom('incidents')
          .select(['id', 'monitor_id', 'status', 'severity', 'started_at', 'resolved_at', 'acknowledged_at'])
          .where('monitor_id', 'in', part)
          .where('started_at', '>=', from)
          .where('started_at', '<', to)
          .orderBy('started_at')
          .orderBy('id')
          .execute() as Promise<ReportIncidentRow[]>,
    ),
};
