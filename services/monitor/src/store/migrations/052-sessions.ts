import { type AppMigration, columnTypes } from '@app/kit';
import { sql } from 'kysely';

/**
 * One row per sign-in (a refresh-token family, `id` = its family id): when and how it was opened,
 * when it was last renewed, from which browser and address. Access tokens carry the id (`sid`) and
 * are refused once the row is revoked, so ending one session ends its access tokens too and leaves
 * the user's other sessions alone.
 *
 * Families still live when this runs are recorded from their tokens (no browser or address known),
 * so they show up in the list and keep refreshing.
 */
export const sessions: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('sessions')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('auth_method', t.text, (c) => c.notNull())
    .addColumn('user_agent', t.text)
    .addColumn('ip', t.text)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('last_used_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await sql`
    insert into sessions (id, user_id, auth_method, created_at, last_used_at, expires_at)
    select family_id, min(user_id), 'password', min(created_at), max(created_at), max(expires_at)
    from refresh_tokens
    group by family_id
    having sum(case when revoked_at is null and used_at is null then 1 else 0 end) > 0
  `.execute(db);
};
