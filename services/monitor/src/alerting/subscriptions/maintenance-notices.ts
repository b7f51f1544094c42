import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import { statusSubscribersRepo } from '../../store/repos/status-subscribers-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { MaintenanceSchedule } from '../maintenance/maintenance-schedule.js';
import { occurrenceAt } from '../maintenance/windows.js';
import { notifySubscribers, type SubscriberNotice, type SubscriberNotifyDeps } from './notify-subscribers.js';

/** The job_state row holding when the last pass ran. */
const MARK = 'maintenance-notices';
/** Older starts and ends are not announced (after a long stop, stale news is noise). */
export const NOTICE_LOOKBACK_MS = 60 * 60_000;

export interface MaintenanceNoticeDeps extends SubscriberNotifyDeps {
  maintenance: Pick<MaintenanceSchedule, 'list'>;
}

/**
 * Tells subscribers when a maintenance occurrence starts or ends. Nothing fires on its own when a
 * window begins (the schedule only answers "is it on now?"), so each pass looks at the loaded
 * windows: an occurrence in effect now that began within the lookback is a start, and one in
 * effect at the previous pass that is over now is an end. The outbox's unique dedup key (window,
 * occurrence start, subscriber) makes each notice go out once however many instances run this.
 */
export async function sendMaintenanceNotices(
  db: Kysely<MonitorDB>,
  deps: MaintenanceNoticeDeps,
  now = Date.now(),
): Promise<number> {
  const mark = await rollupsRepo.getMark(db, MARK);
  const since = Math.max(mark ?? now, now - NOTICE_LOOKBACK_MS);
  const notices: SubscriberNotice[] = [];
  for (const w of deps.maintenance.list()) {
    const base = {
      windowId: w.id,
      windowName: w.name,
      monitorIds: w.monitor_ids.length === 0 ? null : w.monitor_ids,
    };
    const current = occurrenceAt(w, now);
    if (current && current.start > now - NOTICE_LOOKBACK_MS) {
      notices.push({ kind: 'maintenance_started', ...base, ...current });
    }
    const previous = since < now ? occurrenceAt(w, since) : null;
    if (previous && previous.end <= now) notices.push({ kind: 'maintenance_ended', ...base, ...previous });
  }
  let queued = 0;
  for (const n of notices) {
    queued += await db.transaction().execute((trx) => notifySubscribers(trx, deps, n));
  }
  await rollupsRepo.setMark(db, MARK, now);
  return queued;
}

/**
 * The subscriptions' background upkeep, every `everyMs` until stopped: maintenance notices (the
 * outbox is kicked when mail was queued), and addresses that never confirmed are forgotten once
 * their link has expired.
 */
export function startSubscriptionUpkeep(
  db: Kysely<MonitorDB>,
  deps: MaintenanceNoticeDeps & { outbox: { kick(): void } },
  log: Logger,
  everyMs = 15_000,
): { stop(): void } {
  const timer = setInterval(() => {
    sendMaintenanceNotices(db, deps)
      .then((n) => {
        if (n > 0) deps.outbox.kick();
      })
      .catch((err: unknown) => log.error({ err }, 'maintenance notices to subscribers failed'));
    statusSubscribersRepo
      .pruneExpired(db, Date.now())
      .catch((err: unknown) => log.error({ err }, 'pruning unconfirmed subscribers failed'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
