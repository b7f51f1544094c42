import { type AppMigration, columnTypes } from '@app/kit';

/**
 * What the outside world sees: status pages with ordered sections of monitors, the public timeline
 * of an incident (its updates and postmortem), and the per-monitor opt-in for badges. Monitors leave
 * a page when they are deleted (cascade); a page never shows a monitor it was not given.
 */
export const statusPages: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('status_pages')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('slug', t.text, (c) => c.notNull().unique())
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('description', t.text)
    .addColumn('footer', t.text)
    .addColumn('uptime_days', t.int, (c) => c.notNull().defaultTo(90))
    .addColumn('is_public', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('status_page_sections')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    .addColumn('position', t.int, (c) => c.notNull())
    .addColumn('name', t.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_page_sections_page')
    .on('status_page_sections')
    .columns(['page_id', 'position'])
    .execute();
  await db.schema
    .createTable('status_page_monitors')
    .addColumn('section_id', t.bigint, (c) =>
      c.notNull().references('status_page_sections.id').onDelete('cascade'),
    )
    .addColumn('page_id', t.bigint, (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('position', t.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('status_page_monitors_pk', ['section_id', 'monitor_id'])
    .execute();
  // Badges and the incident side ask "is this monitor on a public page?" by monitor.
  await db.schema
    .createIndex('status_page_monitors_monitor')
    .on('status_page_monitors')
    .columns(['monitor_id', 'page_id'])
    .execute();

  await db.schema
    .alterTable('monitors')
    .addColumn('badge_enabled', t.int, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('incident_updates')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('incident_id', t.bigint, (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('status', t.text, (c) => c.notNull())
    .addColumn('message', t.text, (c) => c.notNull())
    .addColumn('author_id', t.bigint)
    .addColumn('author_name', t.text)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_updates_incident')
    .on('incident_updates')
    .columns(['incident_id', 'created_at'])
    .execute();
  await db.schema.alterTable('incidents').addColumn('postmortem', 'text').execute();
  await db.schema.alterTable('incidents').addColumn('resolved_by', t.bigint).execute();
  await db.schema.alterTable('incidents').addColumn('resolved_by_name', 'text').execute();
};
