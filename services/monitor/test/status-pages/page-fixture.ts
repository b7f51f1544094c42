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
