import { api, apiFull } from '../api/client.js';
import type { CheckResult, RollupBucket } from '../api/types.js';
import type { ChartPoint } from '../components/line-chart.js';

export type RangeKey = '1h' | '24h' | '7d' | '30d' | '1y';
const DAY = 86_400_000;

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
  /** True when the raw walk stopped at the page cap before `from`: only the newest part is shown. */
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

/** The chart's points for a range: raw checks (oldest first) or roll-up buckets (mean response time). */
export async function loadSeries(monitorId: number, range: RangeKey): Promise<Series> {
  const spec = RANGES.find((r) => r.key === range)!;
  const to = Date.now();
  const from = to - spec.ms;
  if (spec.source === 'raw') {
    const { results, truncated } = await loadResults(monitorId, from, range === '1h' ? 1 : 3);
    const points = results
      .map((r) => ({ t: Date.parse(r.checked_at), ms: r.response_time_ms, up: r.status === 'up' }))
      .reverse();
    return { from, to, points, source: 'raw', truncated };
  }
  const buckets = await api<RollupBucket[]>(`/api/monitors/${monitorId}/rollups`, {
    query: { period: spec.source, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
  });
  const points = buckets.map((b) => ({
    t: Date.parse(b.at),
    ms: b.avg_response_time_ms === null ? null : Math.round(b.avg_response_time_ms),
    up: b.up_checks === b.checks,
  }));
  return { from, to, points, source: spec.source, truncated: false };
}
