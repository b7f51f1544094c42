import { type AppMigration, columnTypes } from '@app/kit';

/**
 * The check types a probe says it cannot run (issue 32: `browser` on a host without Chromium), as a
 * JSON list from its heartbeat; the central instance assigns it no monitor of those types. Null:
 * every type (probes older than this, and `local`).
 */
export const locationUnsupportedTypes: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('locations').addColumn('unsupported_types', t.text).execute();
};
