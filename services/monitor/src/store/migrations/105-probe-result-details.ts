import { type AppMigration, columnTypes } from '@app/kit';

/**
 * What a probe's journey check recorded (issue 32: the steps, final URL, console errors, failed
 * requests and the names of the evidence files the central instance kept for it), as JSON on the
 * inbox row until the engine stores the result with it. Null for every other result.
 */
export const probeResultDetails: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('probe_inbox').addColumn('details', t.text).execute();
};
