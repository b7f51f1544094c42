import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { pruneOldData } from './retention.js';
import { DAY_MS, rollUp } from './rollup-job.js';

export interface DataJobsOptions {
  everyMs?: number;
  retentionDays: () => Promise<number>;
  /**
   * Alerting's share of the daily prune: deletes notifications finished before `before` (epoch
   * ms), returning how many. A port, so the engine imports nothing of alerting, which sits above it.
   */
  pruneNotifications: (before: number) => Promise<number>;
}

/**
 * Runs the roll-ups every few minutes and the retention prune once a day (remembered in the
 * database, so a restart does not prune again, and several instances prune once between them).
 */
export function startDataJobs(
  db: Kysely<MonitorDB>,
  log: Logger,
  opts: DataJobsOptions,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    await rollUp(db, 'hour');
    await rollUp(db, 'day');
    const now = Date.now();
    const last = (await rollupsRepo.getMark(db, 'prune')) ?? 0;
    if (now - last >= DAY_MS) {
      await rollupsRepo.setMark(db, 'prune', now);
      const days = await opts.retentionDays();
      const deleted = await pruneOldData(db, days, now);
      const notifications = await opts.pruneNotifications(now - days * DAY_MS);
      log.info({ deleted, notifications }, 'retention: pruned old check results and notifications');
    }
  };
  const tick = () => {
    running = running
      .then(run)
      .catch((err: unknown) => log.error({ err }, 'roll-up or retention job failed'));
  };
  const timer = setInterval(tick, opts.everyMs ?? 5 * 60_000);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
