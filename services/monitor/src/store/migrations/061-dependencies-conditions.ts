import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Dependencies and conditions beyond up/down (issue 14).
 * - `monitor_dependencies`: a monitor depends on others; while one of them is down its own
 *   failures do not alert. `monitors.depends_on` repeats the list as JSON so the engine reads it
 *   with the monitor row (no query per check or per change); both are written together.
 * - `monitors.degraded_response_ms` (slower than this = degraded), `invert` (a failure is healthy),
 *   `recovery_count` (successes needed before down → up) and the runtime `status_reason`
 *   (`dependency_down`) and `consecutive_successes`.
 * - `incidents.severity` (`major` for down, `minor` for degraded) and `incident_affected`: the
 *   dependants an incident took down with it.
 */
export const dependenciesConditions: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('monitor_dependencies')
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('depends_on_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('monitor_dependencies_pk', ['monitor_id', 'depends_on_id'])
    .execute();
  await db.schema
    .createIndex('monitor_dependencies_parent')
    .on('monitor_dependencies')
    .column('depends_on_id')
    .execute();
  await db.schema.alterTable('monitors').addColumn('depends_on', t.text).execute();
  await db.schema.alterTable('monitors').addColumn('degraded_response_ms', t.int).execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('invert', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('recovery_count', t.int, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('consecutive_successes', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('monitors').addColumn('status_reason', t.text).execute();
  await db.schema
    .alterTable('incidents')
    .addColumn('severity', t.text, (c) => c.notNull().defaultTo('major'))
    .execute();
  await db.schema
    .createTable('incident_affected')
    .addColumn('incident_id', t.bigint, (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('added_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_affected_pk', ['incident_id', 'monitor_id'])
    .execute();
  await db.schema
    .createIndex('incident_affected_monitor')
    .on('incident_affected')
    .column('monitor_id')
    .execute();
};
