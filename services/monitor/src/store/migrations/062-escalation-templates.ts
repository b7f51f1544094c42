import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Escalation policies, incident notes, message templates and default channels (issue 14).
 * `incidents.escalations_sent` counts the escalation steps already sent for an incident (the
 * compare-and-set that keeps two instances from sending one step twice);
 * `incident_notified_channels` remembers where its alerts went, so recovery reaches them all.
 */
export const escalationTemplates: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('escalation_policies')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('steps', t.text, (c) => c.notNull())
    .addColumn('repeat_count', t.int)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('escalation_policies_name')
    .on('escalation_policies')
    .column('name')
    .unique()
    .execute();
  await db.schema
    .alterTable('incidents')
    .addColumn('escalations_sent', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('incident_notified_channels')
    .addColumn('incident_id', t.bigint, (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('incident_notified_channels_pk', ['incident_id', 'channel_id'])
    .execute();
  await db.schema
    .createTable('incident_notes')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('incident_id', t.bigint, (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('author_id', t.bigint)
    .addColumn('author_name', t.text, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_notes_incident')
    .on('incident_notes')
    .columns(['incident_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('message_templates')
    .addColumn('channel_id', t.bigint, (c) =>
      c.notNull().references('notification_channels.id').onDelete('cascade'),
    )
    .addColumn('event', t.text, (c) => c.notNull())
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('body', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('message_templates_pk', ['channel_id', 'event'])
    .execute();
  await db.schema
    .alterTable('notification_channels')
    .addColumn('default_for_new_monitors', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
};
