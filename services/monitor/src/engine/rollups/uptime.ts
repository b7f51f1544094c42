import type { Kysely } from 'kysely';
import { type Aggregate, rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { HOURLY_KEEP_DAYS } from './retention.js';
import { DAY_MS, markName } from './rollup-job.js';

export const UPTIME_WINDOWS = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '365d': 365 * DAY_MS,
} as const;
export type UptimeWindow = keyof typeof UPTIME_WINDOWS;

export interface UptimeFigures {
  checks: number;
  up_checks: number;
  uptime_percent: number | null;
  avg_response_time_ms: number | null;
  p95_response_time_ms: number | null;
}

interface Part {
  checks: number;
  up_checks: number;
  latency_count: number;
  latency_avg: number | null;
  latency_p95: number | null;
}

function combine(parts: Part[], exactP95: number | null): UptimeFigures {
  const checks = parts.reduce((s, p) => s + p.checks, 0);
  const up = parts.reduce((s, p) => s + p.up_checks, 0);
  const timed = parts.filter((p) => p.latency_count > 0 && p.latency_avg !== null);
  const lat = timed.reduce((s, p) => s + p.latency_count, 0);
  const avg = lat ? timed.reduce((s, p) => s + p.latency_avg! * p.latency_count, 0) / lat : null;
  // Percentiles do not add up; over several buckets the p95 is their count-weighted mean.
  const p95Parts = timed.filter((p) => p.latency_p95 !== null);
  const p95Weight = p95Parts.reduce((s, p) => s + p.latency_count, 0);
  const p95 =
    exactP95 ??
    (p95Weight ? p95Parts.reduce((s, p) => s + p.latency_p95! * p.latency_count, 0) / p95Weight : null);
  const round = (v: number | null, d: number) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);
  return {
    checks,
    up_checks: up,
    uptime_percent: checks ? round((100 * up) / checks, 3) : null,
    avg_response_time_ms: round(avg, 1),
    p95_response_time_ms: round(p95, 1),
  };
}

const fromAggregate = (a: Aggregate | undefined): Part[] => (a ? [a] : []);

/**
 * Uptime over the last 24 hours (exact, from raw results), 7, 30 and 365 days (roll-ups of the
 * buckets already done, plus raw results since): cheap however long the window.
 */
export async function uptimeOf(db: Kysely<MonitorDB>, monitorId: number, now = Date.now()) {
  const marks = await watermarks(db);
  const out = {} as Record<UptimeWindow, UptimeFigures>;
  for (const w of ['24h', '7d', '30d', '365d'] as const) {
    out[w] = await uptimeOver(db, monitorId, UPTIME_WINDOWS[w], now, marks);
  }
  return out;
}

/**
 * Where the roll-ups end: hourly buckets cover up to `hour`, daily ones up to `day`; what follows
 * comes from raw results. Without a watermark nothing is rolled up yet (0): all of it is raw.
 */
export async function watermarks(db: Kysely<MonitorDB>) {
  return {
    hour: (await rollupsRepo.getMark(db, markName('hour'))) ?? 0,
    day: (await rollupsRepo.getMark(db, markName('day'))) ?? 0,
  };
}

/**
 * Uptime over the last `windowMs`: a day or less exactly from raw results; longer windows from the
 * daily roll-ups (beyond the hourly keep), the hourly ones, and the raw results not rolled up yet.
 */
export async function uptimeOver(
  db: Kysely<MonitorDB>,
  monitorId: number,
  windowMs: number,
  now = Date.now(),
  marks?: { hour: number; day: number },
): Promise<UptimeFigures> {
  const from = now - windowMs;
  if (windowMs <= DAY_MS) {
    const [raw] = await rollupsRepo.aggregate(db, from, now, monitorId);
    return combine(fromAggregate(raw), raw?.latency_p95 ?? null);
  }
  const { hour: hourMark, day: dayMark } = marks ?? (await watermarks(db));
  const parts: Part[] = [];
  let cursor = from;
  if (windowMs > HOURLY_KEEP_DAYS * DAY_MS && dayMark > from) {
    parts.push(...(await rollupsRepo.range(db, monitorId, 'day', from, dayMark)));
    cursor = dayMark;
  }
  if (hourMark > cursor) {
    parts.push(...(await rollupsRepo.range(db, monitorId, 'hour', cursor, hourMark)));
    cursor = hourMark;
  }
  const [tail] = await rollupsRepo.aggregate(db, Math.max(cursor, from), now, monitorId);
  parts.push(...fromAggregate(tail));
  return combine(parts, null);
}
