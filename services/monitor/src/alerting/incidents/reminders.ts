import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { MaintenanceSchedule } from '../maintenance/maintenance-schedule.js';
import { notifyMonitorEvent } from '../notify/enqueue.js';
import type { NotifyDeps } from './incident-rules.js';
import { toIncidentView } from './incident-view.js';

/**
 * Repeats the down alert of unresolved incidents whose monitor has a reminder interval. Each
 * reminder has its own dedup key (`…:reminder:N`), so two instances running this at once queue
 * it once.
 */
export async function sendDueReminders(
  db: Kysely<MonitorDB>,
  deps: NotifyDeps & { maintenance: Pick<MaintenanceSchedule, 'isUnderMaintenance'> },
  now = Date.now(),
): Promise<number> {
  let sent = 0;
  for (const c of await incidentsRepo.reminderCandidates(db)) {
    const interval = (c.interval_minutes ?? 0) * 60_000;
    if (interval <= 0 || now - (c.last_alert_at ?? c.started_at) < interval) continue;
    if (deps.maintenance.isUnderMaintenance(c.monitor_id, new Date(now))) continue;
    const n = c.reminders_sent + 1;
    await db.transaction().execute(async (trx) => {
      const channelIds = (await monitorChannelsRepo.forMonitors(trx, [c.monitor_id])).get(c.monitor_id) ?? [];
      await notifyMonitorEvent(trx, deps, {
        monitor: { id: c.monitor_id, name: c.monitor_name, url: c.monitor_url },
        channelIds,
        // A minor incident (degraded, issue 14) is reminded of as degraded, not down.
        event: c.severity === 'minor' ? 'monitor.degraded' : 'monitor.down',
        incident: { ...toIncidentView(c, now), reminder: n },
        at: now,
        dedupKey: `monitor.down:incident:${c.id}:reminder:${n}`,
      });
      await incidentsRepo.markAlerted(trx, c.id, now, n);
    });
    sent++;
  }
  return sent;
}

/** Runs sendDueReminders every `everyMs` until stopped. */
export function startReminders(
  db: Kysely<MonitorDB>,
  deps: Parameters<typeof sendDueReminders>[1],
  log: Logger,
  everyMs = 30_000,
): { stop(): void } {
  const timer = setInterval(() => {
    sendDueReminders(db, deps).catch((err: unknown) => log.error({ err }, 'incident reminders failed'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
