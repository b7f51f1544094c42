import { type AppMigration, columnTypes } from '@app/kit';

/**
 * The certificate days left of a monitor's latest check that read a certificate, kept on the
 * monitor so the dashboard list and /metrics read it with the monitors and never scan results.
 */
export const monitorTlsDays: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('monitors').addColumn('last_tls_days_left', t.int).execute();
};
