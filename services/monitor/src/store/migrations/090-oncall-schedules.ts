import { type AppMigration, columnTypes } from '@app/kit';

/** On-call schedules with their layers (JSON) and overrides (issue 33). */
export const oncallSchedules: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('oncall_schedules')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('time_zone', t.text, (c) => c.notNull())
    .addColumn('layers', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oncall_schedules_name')
    .on('oncall_schedules')
    .column('name')
    .unique()
    .execute();
  await db.schema
    .createTable('oncall_overrides')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('schedule_id', t.bigint, (c) =>
      c.notNull().references('oncall_schedules.id').onDelete('cascade'),
    )
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', t.bigint, (c) => c.notNull())
    .addColumn('ends_at', t.bigint, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oncall_overrides_schedule')
    .on('oncall_overrides')
    .columns(['schedule_id', 'ends_at'])
    .execute();
};
