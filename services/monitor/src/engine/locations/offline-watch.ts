import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { LocationView } from '../../shared-types/location-shapes.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import { probeRepo } from '../../store/repos/probe-repo.js';
import { schedulerLeasesRepo } from '../../store/repos/scheduler-leases-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { announceLocationStatus, changeLocationStatus, type LocationStatusDeps } from './location-status.js';
import { offlineAfterMs } from './location-view.js';

/** Batch ids are kept this long: a probe replays an unacknowledged batch at its next contact. */
const BATCH_MEMORY_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** What the watch uses (AppContext satisfies it). */
export interface LocationWatchDeps extends LocationStatusDeps {
  db: Kysely<MonitorDB>;
  log: Logger;
}

export interface LocationWatchOptions {
  everyMs: number;
  /** When this process started: nothing goes offline before a location's own limit has passed since. */
  startedAt?: number;
  /** Shard 0's holder runs the watch (one per cluster); null: always (tests, a single instance). */
  owner?: string | null;
}

/**
 * One look at the locations: a remote one silent for 3 heartbeats (at least 30 s) goes offline;
 * one offline whose report another path recorded goes online. Each change is conditional on the
 * status still being the old one, with its audit entry and alert in the same transaction, so two
 * instances racing change it once. Returns the locations changed.
 */
export async function watchLocationsOnce(
  ctx: LocationWatchDeps,
  now: number,
  startedAt: number,
): Promise<LocationView[]> {
  const changed: LocationView[] = [];
  const change = async (id: string, from: 'online' | 'offline', to: 'online' | 'offline') => {
    const view = await ctx.db
      .transaction()
      .execute((trx) => changeLocationStatus(trx, ctx, id, from, to, now));
    if (view) {
      announceLocationStatus(ctx, view);
      changed.push(view);
      ctx.log.warn({ location: id, status: to }, `check location ${to}`);
    }
  };
  for (const l of await locationsRepo.silentSince(ctx.db, now)) {
    // After a restart, probes get their own limit to reach this instance again before they count as gone.
    if (now - startedAt < offlineAfterMs(l.heartbeat_seconds)) continue;
    await change(l.id, 'online', 'offline');
  }
  for (const l of await locationsRepo.heardSince(ctx.db, now)) await change(l.id, 'offline', 'online');
  return changed;
}

/** Runs the watch every `everyMs` on shard 0's holder until stopped; forgets old batch ids hourly. */
export function startLocationWatch(
  ctx: LocationWatchDeps,
  opts: LocationWatchOptions,
): { stop(): Promise<void> } {
  const startedAt = opts.startedAt ?? Date.now();
  let lastPrune = 0;
  let running: Promise<void> | null = null;
  const tick = async () => {
    const now = Date.now();
    if (opts.owner && !(await schedulerLeasesRepo.holds(ctx.db, 0, opts.owner, now))) return;
    await watchLocationsOnce(ctx, now, startedAt);
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await probeRepo.pruneBatches(ctx.db, now - BATCH_MEMORY_MS);
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => ctx.log.error({ err }, 'the location watch failed'))
      .finally(() => {
        running = null;
      });
  }, opts.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
