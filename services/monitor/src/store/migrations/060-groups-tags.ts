import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Groups and tags (issue 14). Groups are nestable folders: a monitor sits in at most one, a group
 * in at most one parent. Tags are named colours a monitor carries with an optional value
 * (`env:prod`). A monitor or a group may name the escalation policy its incidents follow
 * (the policies themselves come with migration 062); a monitor without one uses its group's.
 */
export const groupsTags: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('monitor_groups')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('parent_id', t.bigint, (c) => c.references('monitor_groups.id').onDelete('set null'))
    .addColumn('escalation_policy_id', t.bigint)
    .addColumn('sort_order', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitor_groups_parent').on('monitor_groups').column('parent_id').execute();
  await db.schema
    .createTable('tags')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('color', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_name').on('tags').column('name').unique().execute();
  await db.schema
    .createTable('monitor_tags')
    .addColumn('monitor_id', t.bigint, (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('tag_id', t.bigint, (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('value', t.text)
    .addPrimaryKeyConstraint('monitor_tags_pk', ['monitor_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('monitor_tags_tag').on('monitor_tags').column('tag_id').execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('group_id', t.bigint, (c) => c.references('monitor_groups.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('monitors').addColumn('escalation_policy_id', t.bigint).execute();
  await db.schema.createIndex('monitors_group').on('monitors').column('group_id').execute();
};
