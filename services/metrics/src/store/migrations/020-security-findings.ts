import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Security findings (issue 35): bandit's results are findings of category `security` with bandit's
 * severity and confidence (`high`, `medium`, `low`); pylint's findings leave both null.
 */
export const securityFindings: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('findings').addColumn('severity', t.text).execute();
  await db.schema.alterTable('findings').addColumn('confidence', t.text).execute();
};
