import { type AppMigration, columnTypes } from '@app/kit';

// The kinds a config file declares beyond monitors, groups, tags and channels (migration 070):
// message templates, escalation policies, maintenance windows and status pages get the author's
// `config_key` and the `managed` mark as those did. A location's key is its id (already a stable
// slug chosen when it is made, and what monitors name it by), so it gets only `managed`.
const KEYED = ['message_templates', 'escalation_policies', 'maintenance_windows', 'status_pages'] as const;

export const configKinds: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  for (const table of KEYED) {
    await db.schema.alterTable(table).addColumn('config_key', t.text).execute();
    await db.schema.createIndex(`${table}_config_key`).on(table).column('config_key').unique().execute();
  }
  for (const table of [...KEYED, 'locations'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('managed', t.int, (c) => c.notNull().defaultTo(0))
      .execute();
  }
};
