import { type AppMigration, columnTypes } from '@app/kit';

// The tables a config file declares (docs/config-as-code.md). `config_key` is the author's stable
// key of the file entry (the name is not the identity: a rename is an update); `managed` marks what
// an apply created or wrote, the only objects `--prune` may delete.
const TABLES = ['monitors', 'monitor_groups', 'tags', 'notification_channels'] as const;

export const configKeys: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('config_key', t.text).execute();
    await db.schema
      .alterTable(table)
      .addColumn('managed', t.int, (c) => c.notNull().defaultTo(0))
      .execute();
    // Several NULLs are allowed by a unique index on both SQLite and PostgreSQL.
    await db.schema.createIndex(`${table}_config_key`).on(table).column('config_key').unique().execute();
  }
};
