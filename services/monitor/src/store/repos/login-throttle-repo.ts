import { sql } from 'kysely';
import type { Db } from '../schema.js';

/**
 * Attempt counters in the database rather than in memory, so several instances behind one
 * PostgreSQL share them and a restart does not reset an attack's budget.
 */
export const loginThrottleRepo = {
  /**
   * Counts one attempt and returns the count and window start, in one statement: concurrent
   * callers each get a distinct count, so no two of them can both see the last free slot.
   * A window older than `windowMs` starts over at 1.
   */
  spend: (db: Db, key: string, now: number, windowMs: number) => {
    const expired = sql<boolean>`login_throttle.window_started_at <= ${now - windowMs}`;
    return db
      .insertInto('login_throttle')
      .values({ key, failures: 1, window_started_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when ${expired} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<number>`case when ${expired} then ${now} else login_throttle.window_started_at end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
  },
  /** Gives back one attempt that turned out legitimate. */
  refund: (db: Db, key: string) =>
    db
      .updateTable('login_throttle')
      .set((e) => ({ failures: e('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute(),
  clear: (db: Db, key: string) => db.deleteFrom('login_throttle').where('key', '=', key).execute(),
};
