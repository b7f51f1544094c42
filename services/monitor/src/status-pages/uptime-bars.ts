import type { Kysely } from 'kysely';
import type { MaintenanceWindow } from '../maintenance/windows.js';
import { markName } from '../rollups/rollup-job.js';
import { rollupsRepo } from '../store/repos/rollups-repo.js';
import type { MonitorDB } from '../store/schema.js';
import { covers, maintenanceDaysOf } from './maintenance-days.js';
import type { PublicDay } from './public-view.js';
import { type DayTotals, percent, totalsByDay, utcDate, windowDays } from './uptime-days.js';

/** A monitor's uptime over a page's window and its day bars. */
export interface MonitorBars {
  uptime_percent: number | null;
  days: PublicDay[];
}

/** Bars per monitor id. */
export type Bars = ReadonlyMap<number, MonitorBars>;

/**
 * The bars of `ids` over `uptimeDays` days ending today (UTC), from the roll-ups only: daily
 * buckets up to the day watermark, hourly ones after it up to the hour watermark. This is the
 * costly part of a public view (a row per monitor and day), and it changes only when the roll-up
 * job runs or maintenance windows change, so its cache keeps it longer than the rest of the view.
 */
export async function buildBars(
  db: Kysely<MonitorDB>,
  ids: readonly number[],
  uptimeDays: number,
  now: number,
  windows: readonly MaintenanceWindow[],
): Promise<Bars> {
  const dayStarts = windowDays(uptimeDays, now);
  const from = dayStarts[0]!;
  // Without a watermark nothing is rolled up yet: no data, rather than reading raw results.
  const dayMark = Math.min((await rollupsRepo.getMark(db, markName('day'))) ?? from, now);
  const hourMark = Math.min((await rollupsRepo.getMark(db, markName('hour'))) ?? from, now);
  const [days, hours] = await Promise.all([
    rollupsRepo.countsFor(db, ids, 'day', from, dayMark),
    rollupsRepo.countsFor(db, ids, 'hour', Math.max(from, dayMark), hourMark),
  ]);
  const totals = totalsByDay([...days, ...hours]);
  const maintenanceDays = maintenanceDaysOf(windows, dayStarts, now);
  const dates = dayStarts.map(utcDate);
  const out = new Map<number, MonitorBars>();
  for (const id of ids) {
    const mine = new Set<number>();
    for (const [w, hit] of maintenanceDays) if (covers(w, id)) for (const i of hit) mine.add(i);
    const perDay = totals.get(id);
    const sum: DayTotals = { checks: 0, up_checks: 0 };
    const bars = dayStarts.map((start, i) => {
      const t = perDay?.get(start);
      if (t) {
        sum.checks += t.checks;
        sum.up_checks += t.up_checks;
      }
      return { date: dates[i]!, uptime_percent: percent(t), maintenance: mine.has(i) };
    });
    out.set(id, { uptime_percent: percent(sum), days: bars });
  }
  return out;
}
