import type { Kysely } from 'kysely';
import { uptimeOf } from '../../engine/rollups/uptime.js';
import type { SharedMonitorView } from '../../shared-types/sla-report-shapes.js';
import { reportsRepo } from '../../store/repos/reports-repo.js';
import type { MonitorDB } from '../../store/schema.js';

const DAY_MS = 86_400_000;
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** A monitor's read-only view: status, uptime over the standard windows, the last 30 days' incidents. */
export async function sharedMonitorView(
  db: Kysely<MonitorDB>,
  monitorId: number,
  now = Date.now(),
): Promise<SharedMonitorView | null> {
  const m = await db
    .selectFrom('monitors')
    .select(['id', 'name', 'monitor_type', 'current_status', 'paused', 'last_checked_at'])
    .where('id', '=', monitorId)
    .executeTakeFirst();
  if (!m) return null;
  const u = await uptimeOf(db, monitorId, now);
  const w = (k: keyof typeof u) => ({
    checks: u[k].checks,
    uptime_percent: u[k].uptime_percent,
    p95_response_time_ms: u[k].p95_response_time_ms,
  });
  const incidents = await reportsRepo.incidents(db, [monitorId], now - 30 * DAY_MS, now);
  return {
    monitor: {
      id: m.id,
      name: m.name,
      monitor_type: m.monitor_type,
      status: m.paused ? 'paused' : m.current_status,
      last_checked_at: iso(m.last_checked_at),
    },
    uptime: { '24h': w('24h'), '7d': w('7d'), '30d': w('30d'), '365d': w('365d') },
    incidents: incidents.map((r) => ({
      id: r.id,
      severity: r.severity,
      started_at: iso(r.started_at)!,
      resolved_at: iso(r.resolved_at),
      duration_seconds: r.resolved_at === null ? null : Math.round((r.resolved_at - r.started_at) / 1000),
      acknowledged_at: iso(r.acknowledged_at),
      time_to_acknowledge_seconds:
        r.acknowledged_at === null ? null : Math.round((r.acknowledged_at - r.started_at) / 1000),
    })),
  };
}
