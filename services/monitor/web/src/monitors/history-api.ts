import { apiFull } from '../api/client.js';
import type { CheckResult } from '../api/types.js';

export type RangeKey = '1h' | '24h' | '7d' | '30d';
export const RANGES: { key: RangeKey; label: string; ms: number }[] = [
  { key: '1h', label: '1 hour', ms: 3_600_000 },
  { key: '24h', label: '24 hours', ms: 86_400_000 },
  { key: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { key: '30d', label: '30 days', ms: 30 * 86_400_000 },
];

export interface Series {
  from: number;
  to: number;
  results: CheckResult[];
  /** True when the page cap stopped the walk before `from`: the figures cover the newest part only. */
  truncated: boolean;
}

/** Raw results of one monitor since `from`, newest first, following `Link: next` up to `maxPages`. */
export async function loadResults(monitorId: number, from: number, maxPages: number): Promise<Series> {
  const to = Date.now();
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
  return { from, to, results, truncated: !!url };
}

/** Share of up results, or null without any. */
export function uptimeRatio(results: CheckResult[], since: number): number | null {
  let total = 0;
  let up = 0;
  for (const r of results) {
    if (Date.parse(r.checked_at) < since) continue;
    total++;
    if (r.status === 'up') up++;
  }
  return total ? up / total : null;
}
