import { publicViewCache } from '../../src/status-pages/public-view-cache.js';
import { statusPagesRepo } from '../../src/store/repos/status-pages-repo.js';
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

/** Creates a status page straight through its repository (the page API is not what these tests test). */
export async function createPage(h: Harness, spec: PageSpec): Promise<number> {
  const db = h.server.ctx.db;
  const now = Date.now();
  const row = await statusPagesRepo.insert(db, {
    slug: spec.slug,
    title: spec.title ?? `Status of ${spec.slug}`,
    description: spec.description ?? null,
    footer: spec.footer ?? null,
    uptime_days: spec.uptime_days ?? 90,
    is_public: spec.is_public === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  });
  await statusPagesRepo.replaceLayout(db, row.id, spec.sections);
  publicViewCache(h.server.ctx).invalidate();
  return row.id;
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
