import type { Db } from '../schema.js';

/**
 * Failed-login counters in the database rather than in memory, so several instances behind one
 * PostgreSQL share them and a restart does not reset an attack's budget.
 */
export const loginThrottleRepo = {
  get: (db: Db, key: string) =>
    db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst(),
  set: (db: Db, key: string, failures: number, windowStartedAt: number) =>
    db
      .insertInto('login_throttle')
      .values({ key, failures, window_started_at: windowStartedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures, window_started_at: windowStartedAt }))
      .execute(),
  clear: (db: Db, key: string) => db.deleteFrom('login_throttle').where('key', '=', key).execute(),
};
