import type { Kysely } from 'kysely';
import type { MaintenanceWindow } from '../../alerting/maintenance/windows.js';
import { DAY_MS, HOUR_MS } from '../../engine/rollups/rollup-job.js';
import { watermarks } from '../../engine/rollups/uptime.js';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { covers, maintenanceDaysOf } from './maintenance-days.js';
import type { PublicDay } from './public-view.js';
import {
  type BucketCounts,
  type DayTotals,
  percent,
  totalsByDay,
  utcDate,
  windowDays,
} from './uptime-days.js';

/**
 * The raw results a view counts reach back this far at most. The hourly roll-ups normally end an
 * hour or so ago (the job runs every five minutes, a minute after an hour ends); behind a job that
 * lags more (a backlog after an upgrade, a failing job) the hours before this show no data until
 * it catches up, rather than every rebuild of a public view counting days of raw results.
 */
export const MAX_RAW_MS = 3 * HOUR_MS;

/** A monitor's uptime over a page's window and its day bars. */
export interface MonitorBars {
  uptime_percent: number | null;
  days: PublicDay[];
}

/** Bars per monitor id. */
export type Bars = ReadonlyMap<number, MonitorBars>;

/**
 * The bars of a page from the roll-ups alone, with what is needed to add the raw results that
 * follow them. This is the costly part (a row per monitor and day) and it stays right however long
 * it is kept: the raw part is always read from `rawFrom`, where these roll-ups end.
 */
export interface RolledBars {
  ids: readonly number[];
  dayStarts: readonly number[];
  /** Raw results from here on are not in the roll-ups read (the hour in progress at least). */
  rawFrom: number;
  bars: Bars;
  /** Per monitor, the rolled-up totals of the days the raw part can fall on. */
  open: ReadonlyMap<number, ReadonlyMap<number, DayTotals>>;
  sums: ReadonlyMap<number, DayTotals>;
}

/**
 * The bars of `ids` over `uptimeDays` days ending today (UTC), rolled-up days and hours plus the
 * raw results since (the hour in progress): a new page shows today's checks at once. Cheap to
 * call again with the same `rolled`: only the raw part is read.
 */
export async function buildBars(
  db: Kysely<MonitorDB>,
  ids: readonly number[],
  uptimeDays: number,
  now: number,
  windows: readonly MaintenanceWindow[],
): Promise<Bars> {
  return withRawResults(db, await rolledBars(db, ids, uptimeDays, now, windows), now);
}

/**
 * The roll-up part of the bars: daily buckets up to the day watermark, hourly ones after it up to
 * the hour watermark, and the maintenance days up to `now`.
 */
export async function rolledBars(
  db: Kysely<MonitorDB>,
  ids: readonly number[],
  uptimeDays: number,
  now: number,
  windows: readonly MaintenanceWindow[],
): Promise<RolledBars> {
  const dayStarts = windowDays(uptimeDays, now);
  const from = dayStarts[0]!;
  const marks = await watermarks(db);
  const dayMark = Math.min(marks.day, now);
  const hourMark = Math.min(marks.hour, now);
  const [days, hours] = await Promise.all([
    rollupsRepo.countsFor(db, ids, 'day', from, dayMark),
    rollupsRepo.countsFor(db, ids, 'hour', Math.max(from, dayMark), hourMark),
  ]);
  const rawFrom = Math.max(from, dayMark, hourMark);
  const firstOpenDay = Math.floor(rawFrom / DAY_MS) * DAY_MS;
  const totals = totalsByDay([...days, ...hours]);
  const maintenanceDays = maintenanceDaysOf(windows, dayStarts, now);
  const dates = dayStarts.map(utcDate);
  const bars = new Map<number, MonitorBars>();
  const open = new Map<number, Map<number, DayTotals>>();
  const sums = new Map<number, DayTotals>();
  for (const id of ids) {
    const mine = new Set<number>();
    for (const [w, hit] of maintenanceDays) if (covers(w, id)) for (const i of hit) mine.add(i);
    const perDay = totals.get(id);
    const sum: DayTotals = { checks: 0, up_checks: 0 };
    const openDays = new Map<number, DayTotals>();
    const days = dayStarts.map((start, i) => {
      const t = perDay?.get(start);
      if (t) {
        sum.checks += t.checks;
        sum.up_checks += t.up_checks;
        if (start >= firstOpenDay) openDays.set(start, t);
      }
      return { date: dates[i]!, uptime_percent: percent(t), maintenance: mine.has(i) };
    });
    bars.set(id, { uptime_percent: percent(sum), days });
    open.set(id, openDays);
    sums.set(id, sum);
  }
  return { ids, dayStarts, rawFrom, bars, open, sums };
}

/**
 * `rolled` with the raw results from its `rawFrom` to `now` added (one count per UTC day they
 * cover: the hour in progress, and any hour the roll-up job has not reached yet, up to
 * MAX_RAW_MS back). Monitors without such results keep their rolled-up bars as they are.
 */
export async function withRawResults(db: Kysely<MonitorDB>, rolled: RolledBars, now: number): Promise<Bars> {
  const raw = await rawCounts(db, rolled.ids, Math.max(rolled.rawFrom, now - MAX_RAW_MS), now);
  if (raw.length === 0) return rolled.bars;
  const first = rolled.dayStarts[0]!;
  const out = new Map(rolled.bars);
  for (const [id, perDay] of totalsByDay(raw)) {
    const base = rolled.bars.get(id);
    if (!base) continue;
    const days = base.days.slice();
    const sum = { ...rolled.sums.get(id)! };
    for (const [start, t] of perDay) {
      const i = (start - first) / DAY_MS;
      if (i < 0 || i >= days.length) continue;
      const before = rolled.open.get(id)?.get(start);
      const day = {
        checks: (before?.checks ?? 0) + t.checks,
        up_checks: (before?.up_checks ?? 0) + t.up_checks,
      };
      days[i] = { ...days[i]!, uptime_percent: percent(day) };
      sum.checks += t.checks;
      sum.up_checks += t.up_checks;
    }
    out.set(id, { uptime_percent: percent(sum), days });
  }
  return out;
}

/** Raw check counts of `ids` in [from, to), one bucket per UTC day (usually just today). */
async function rawCounts(
  db: Kysely<MonitorDB>,
  ids: readonly number[],
  from: number,
  to: number,
): Promise<BucketCounts[]> {
  const parts: Promise<BucketCounts[]>[] = [];
  for (let start = from; start < to; start = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS) {
    const end = Math.min(Math.floor(start / DAY_MS) * DAY_MS + DAY_MS, to);
    parts.push(
      rollupsRepo
        .counts(db, start, end, ids)
        .then((rows) => rows.map((r) => ({ ...r, bucket_start: start }))),
    );
  }
  return (await Promise.all(parts)).flat();
}
