import { type AppMigration, columnTypes } from '@app/kit';

/**
 * The settings of the service checks (issue 15): database/cache queries and their expected value,
 * WebSocket message and close code, broker topic, gRPC service, SMTP STARTTLS. All optional, so
 * existing monitors need no value; starttls is a 0/1 flag like ignore_tls_errors.
 */
export const checkTypes: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable('monitors').addColumn('query', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('expected_value', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('message', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('topic', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('service_name', t.text).execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('starttls', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('monitors').addColumn('expected_close_code', t.int).execute();
};
