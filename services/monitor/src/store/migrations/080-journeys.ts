import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Journeys (issue 32): the steps of a `multistep` or `browser` monitor (JSON), a browser script,
 * the browser's viewport (`1280x720`) and its request blocklist (JSON list of patterns); and on a
 * check result, what such a check recorded (per-step timings, final URL, console errors, failed
 * requests, the evidence files kept on failure) as JSON. All optional: other rows need no value.
 */
export const journeys: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable('monitors').addColumn('steps', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('script', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('viewport', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('blocklist', t.text).execute();
  await db.schema.alterTable('check_results').addColumn('details', t.text).execute();
};
