import { api, apiFull } from '../api/client.js';
import type { CheckResult, RollupBucket } from '../api/types.js';
import type { ChartPoint } from '../components/chart-types.js';
import { bucketResults, pointSource } from './chart-data.js';

export type RangeKey = '1h' | '24h' | '7d' | '30d' | '1y';
const HOUR = 3_600_000;
const DAY = 86_400_000;
// Pages of 1,000 raw results read for the periods not rolled up yet (a day of checks every 20 s).
const RECENT_PAGES = 5;

/** Chart ranges: raw results for the recent ones, hourly or daily roll-ups for the long ones. */
export const RANGES: { key: RangeKey; label: string; ms: number; source: 'raw' | 'hour' | 'day' }[] = [
  { key: '1h', label: '1 hour', ms: 3_600_000, source: 'raw' },
  { key: '24h', label: '24 hours', ms: DAY, source: 'raw' },
  { key: '7d', label: '7 days', ms: 7 * DAY, source: 'hour' },
  { key: '30d', label: '30 days', ms: 30 * DAY, source: 'hour' },
  { key: '1y', label: '1 year', ms: 365 * DAY, source: 'day' },
];

export interface Series {
  from: number;
  to: number;
  points: ChartPoint[];
  /** What the points are: single checks, or hourly or daily averages. */
  source: 'raw' | 'hour' | 'day';
  /** Width of a point's bucket in ms; 0 for single checks. */
  periodMs: number;
  /**
   * True when a walk through raw results stopped at its page cap: only the newest checks are shown
   * (single checks), or the not yet rolled-up period counts only the newest checks (buckets).
   */
  truncated: boolean;
}

/** Raw results of one monitor since `from`, newest first, following `Link: next` up to `maxPages`. */
export async function loadResults(
  monitorId: number,
  from: number,
  maxPages: number,
): Promise<{ results: CheckResult[]; truncated: boolean }> {
  let url: string | null =
    `/api/check-results?monitor_id=${monitorId}&from=${new Date(from).toISOString()}&limit=1000`;
  const results: CheckResult[] = [];
  let pages = 0;
  while (url && pages < maxPages) {
    const r: Awaited<ReturnType<typeof apiFull<CheckResult[]>>> = await apiFull<CheckResult[]>(url);
    results.push(...r.data);
    url = r.next;
    pages++;
  }
  return { results, truncated: !!url };
}

/**
 * The chart's points for a range: raw checks (oldest first) or roll-up buckets (mean response time).
 * The range starts no earlier than `notBefore` (the monitor's creation): nothing was checked before.
 */
export async function loadSeries(monitorId: number, range: RangeKey, notBefore = 0): Promise<Series> {
  const spec = RANGES.find((r) => r.key === range)!;
  const to = Date.now();
  // At least ten seconds, so that a monitor created a moment ago still gets an axis to draw on.
  const from = Math.max(to - spec.ms, Math.min(notBefore, to - 10_000));
  const source = pointSource(spec.source, from, to);
  if (source === 'raw') {
    const { results, truncated } = await loadResults(monitorId, from, range === '1h' ? 1 : 3);
    const points = results
      .map((r) => ({
        t: Date.parse(r.checked_at),
        ms: r.response_time_ms,
        up: r.status === 'up',
        error: r.error,
        code: r.status_code,
      }))
      .reverse();
    return { from, to, points, source: 'raw', periodMs: 0, truncated };
  }
  const buckets = await api<RollupBucket[]>(`/api/monitors/${monitorId}/rollups`, {
    query: { period: source, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
  });
  const periodMs = source === 'hour' ? HOUR : DAY;
  const points: ChartPoint[] = buckets.map((b) => ({
    t: Date.parse(b.at),
    ms: b.avg_response_time_ms === null ? null : Math.round(b.avg_response_time_ms),
    up: b.up_checks === b.checks,
    checks: b.checks,
    down: b.checks - b.up_checks,
    p95: b.p95_response_time_ms,
  }));
  // The periods the roll-up job has not written yet (the current one at least) from the raw results.
  const last = points[points.length - 1];
  const since = last ? last.t + periodMs : Math.floor(from / periodMs) * periodMs;
  const { results, truncated } = await loadResults(monitorId, Math.max(since, from), RECENT_PAGES);
  points.push(...bucketResults(results, periodMs).filter((p) => p.t + periodMs > since));
  return { from, to, points, source, periodMs, truncated };
}
