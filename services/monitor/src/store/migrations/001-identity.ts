import { type AppMigration, columnTypes } from '@app/kit';

/** Users, sessions (refresh tokens), API keys, the audit log and login throttling. */
export const identity: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('users')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('username', t.text, (c) => c.notNull().unique())
    .addColumn('email', t.text)
    .addColumn('password_hash', t.text, (c) => c.notNull())
    .addColumn('role', t.text, (c) => c.notNull())
    .addColumn('must_change_password', t.int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', t.text, (c) => c.notNull())
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('prefix', t.text, (c) => c.notNull())
    .addColumn('key_hash', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint)
    .addColumn('last_used_at', t.bigint)
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .addColumn('actor_type', t.text, (c) => c.notNull())
    .addColumn('actor_id', t.bigint)
    .addColumn('actor_name', t.text)
    .addColumn('action', t.text, (c) => c.notNull())
    .addColumn('resource_type', t.text)
    .addColumn('resource_id', t.text)
    .addColumn('ip', t.text)
    .addColumn('detail', t.text)
    .execute();
  // Newest-first reads page by id; filtered reads narrow by action or resource first.
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema
    .createIndex('audit_log_resource')
    .on('audit_log')
    .columns(['resource_type', 'resource_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor')
    .on('audit_log')
    .columns(['actor_type', 'actor_id', 'id'])
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', t.text, (c) => c.primaryKey())
    .addColumn('failures', t.int, (c) => c.notNull())
    .addColumn('window_started_at', t.bigint, (c) => c.notNull())
    .execute();
};
