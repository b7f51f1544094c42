import type { Kysely } from 'kysely';
import { DAY_MS, markName } from '../../src/engine/rollups/rollup-job.js';
import { rollupsRepo } from '../../src/store/repos/rollups-repo.js';
import type { MonitorDB } from '../../src/store/schema.js';
import type { Harness } from '../engine/harness.js';

export interface PageSpec {
  slug: string;
  title?: string;
  description?: string | null;
  footer?: string | null;
  uptime_days?: number;
  is_public?: boolean;
  sections: { name: string; monitor_ids: number[] }[];
}

/** Creates a status page through the admin API; returns its id. */
export async function createPage(h: Harness, spec: PageSpec): Promise<number> {
  const res = await h.call('POST', '/api/status-pages', {
    title: `Status of ${spec.slug}`,
    ...spec,
    is_public: spec.is_public ?? true,
  });
  if (res.statusCode !== 201) throw new Error(`create page: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A monitor through the API; returns its id. */
export async function createMonitor(h: Harness, body: Record<string, unknown>): Promise<number> {
  const res = await h.call('POST', '/api/monitors', {
    check_interval_seconds: 3600,
    retry_count: 0,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create monitor: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** The current state of a monitor as the API reports it. */
export async function statusOf(h: Harness, id: number): Promise<string> {
  return ((await h.call('GET', `/api/monitors/${id}`)).json() as { current_status: string }).current_status;
}

/**
 * Daily roll-ups for the `days` days before today (UTC) as the roll-up job would have left them,
 * with its watermark at today's start, so a page shows bars without weeks of raw results.
 */
export async function seedDailyRollups(
  db: Kysely<MonitorDB>,
  monitorIds: readonly number[],
  days: number,
  pick: (monitorIndex: number, daysAgo: number) => { checks: number; up: number } | null,
  now = Date.now(),
): Promise<void> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const rows = [];
  for (const [i, id] of monitorIds.entries()) {
    for (let ago = 1; ago < days; ago++) {
      const p = pick(i, ago);
      if (!p) continue;
      rows.push({
        monitor_id: id,
        period: 'day' as const,
        bucket_start: today - ago * DAY_MS,
        checks: p.checks,
        up_checks: p.up,
        latency_count: p.checks,
        latency_avg: 20,
        latency_p95: 40,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('check_rollups')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await rollupsRepo.setMark(db, markName('day'), today);
}
