import { type AppMigration, columnTypes } from '@app/kit';

/** A channel's flood guard (issue 33): at most flood_limit messages a minute; null = no limit. */
export const floodGuard: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('notification_channels').addColumn('flood_limit', t.int).execute();
};
