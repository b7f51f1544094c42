import type { Db } from '../schema.js';

/** SQL for the key/value settings table. */
export const settingsRepo = {
  all: (db: Db) => db.selectFrom('settings').select(['key', 'value']).execute(),
  /** Some keys' stored values (JSON text), for readers inside a transaction (the cache cannot be used there). */
  some: (db: Db, keys: readonly string[]) =>
    db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute(),
  /** Inserts or replaces one setting. */
  put: (db: Db, key: string, value: string, at: number) =>
    db
      .insertInto('settings')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute(),
};
