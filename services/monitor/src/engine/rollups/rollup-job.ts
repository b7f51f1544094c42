import { rollupsRepo } from '../../store/repos/rollups-repo.js';
import type { Db, RollupPeriod } from '../../store/schema.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const PERIOD_MS: Record<RollupPeriod, number> = { hour: HOUR_MS, day: DAY_MS };
// Results reach the database up to a batch flush after their check; a bucket is rolled up only
// once this much of the next one has passed.
export const SETTLE_MS = 60_000;
const MAX_BUCKETS_PER_RUN: Record<RollupPeriod, number> = { hour: 48, day: 7 };

export const markName = (period: RollupPeriod) => `rollup:${period}`;

/**
 * Aggregates every completed bucket (UTC hours or days) since the last run, each in its own
 * transaction with its watermark. Upserts make a rerun, or two instances at once, harmless.
 * Returns how many buckets were done; a long backlog is worked off over several runs.
 */
export async function rollUp(
  db: Db & { transaction: Db['transaction'] },
  period: RollupPeriod,
  now = Date.now(),
) {
  const size = PERIOD_MS[period];
  const complete = Math.floor((now - SETTLE_MS) / size) * size;
  let mark = await rollupsRepo.getMark(db, markName(period));
  if (mark === null) {
    const first = await rollupsRepo.earliestResult(db);
    if (first === null) return 0;
    mark = Math.floor(first / size) * size;
  }
  let done = 0;
  while (mark < complete && done < MAX_BUCKETS_PER_RUN[period]) {
    const start = mark;
    await db.transaction().execute(async (trx) => {
      const aggregates = await rollupsRepo.aggregate(trx, start, start + size);
      await rollupsRepo.upsert(
        trx,
        aggregates.map((a) => ({ ...a, period, bucket_start: start })),
      );
      await rollupsRepo.setMark(trx, markName(period), start + size);
    });
    mark += size;
    done++;
  }
  return done;
}
