import type { Kysely } from 'kysely';
import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { DAY_MS, markName } from './rollup-job.js';

// Deleting in chunks keeps each statement short, so the engine's batch writes never wait long.
const CHUNK = 5000;
/** Hourly roll-ups back charts up to this age; daily ones are kept for good (a row a monitor a day). */
export const HOURLY_KEEP_DAYS = 35;

/**
 * Deletes raw results older than the retention, but never ones not yet rolled up, and hourly
 * roll-ups past their keep. Returns the number of raw results deleted.
 */
export async function pruneOldData(
  db: Kysely<MonitorDB>,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  const hourMark = (await rollupsRepo.getMark(db, markName('hour'))) ?? 0;
  const dayMark = (await rollupsRepo.getMark(db, markName('day'))) ?? 0;
  const before = Math.min(now - retentionDays * DAY_MS, hourMark, dayMark);
  let deleted = 0;
  for (;;) {
    const n = await rollupsRepo.pruneResults(db, before, CHUNK);
    deleted += n;
    if (n < CHUNK) break;
    await new Promise((r) => setImmediate(r));
  }
  await rollupsRepo.deleteBefore(db, 'hour', now - Math.max(HOURLY_KEEP_DAYS, retentionDays) * DAY_MS);
  return deleted;
}
