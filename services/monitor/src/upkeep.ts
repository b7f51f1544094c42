// The background upkeep of an instance that runs checks: alert reminders, escalation, subscription
// notices, the location watch, roll-ups with the retention prune, and scheduled reports. Part of
// the composition root: it wires domain jobs that each take what they use.
import { startEscalation } from './alerting/escalation/escalation-tick.js';
import { startReminders } from './alerting/incidents/reminders.js';
import { pruneNotifications } from './alerting/notify/prune.js';
import { startSubscriptionUpkeep } from './alerting/subscriptions/maintenance-notices.js';
import type { AppContext } from './context.js';
import { startLocationWatch } from './engine/locations/offline-watch.js';
import { startDataJobs } from './engine/rollups/maintenance-jobs.js';
import { startReportSchedules } from './operations/reports/schedule-runner.js';
import { getSettings } from './platform/settings/settings-store.js';

export interface Upkeep {
  stop(): Promise<void>;
}

export function startUpkeep(ctx: AppContext, opts: { startedAt: number; owner: string }): Upkeep {
  const { db, log, config } = ctx;
  const reminders = startReminders(db, ctx, log);
  const escalation = startEscalation(db, ctx, log, config.escalationTickMs);
  const notices = startSubscriptionUpkeep(db, ctx, log);
  // Locations that stop reporting go offline; shard 0's holder looks (one per cluster).
  const locationWatch = startLocationWatch(ctx, {
    everyMs: config.locationWatchMs,
    startedAt: opts.startedAt,
    owner: opts.owner,
  });
  const dataJobs = startDataJobs(db, log, {
    retentionDays: async () => (await getSettings(ctx)).data_retention_days,
    pruneNotifications: (before) => pruneNotifications(db, before),
  });
  // Every instance may run the schedules: each period is claimed once in the database.
  const reportSchedules = startReportSchedules(ctx);
  return {
    async stop() {
      reminders.stop();
      await escalation.stop();
      await locationWatch.stop();
      notices.stop();
      await dataJobs.stop();
      await reportSchedules.stop();
    },
  };
}
