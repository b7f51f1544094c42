import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Single sign-on. A user is `local` (password) or `oidc` (signed in by the provider, whose subject
 * and issuer identify them: never the username, which the provider's users could choose). Pending
 * sign-ins live in the database, not in memory, so the instance that answers the provider's
 * redirect need not be the one that sent the user there.
 */
export const oidc: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('account_type', t.text, (c) => c.notNull().defaultTo('local'))
    .execute();
  await db.schema.alterTable('users').addColumn('oidc_issuer', t.text).execute();
  await db.schema.alterTable('users').addColumn('oidc_subject', t.text).execute();
  // Local users have neither (NULLs never collide in a unique index, on SQLite and PostgreSQL).
  await db.schema
    .createIndex('users_oidc_identity')
    .on('users')
    .columns(['oidc_issuer', 'oidc_subject'])
    .unique()
    .execute();

  await db.schema
    .createTable('oidc_logins')
    .addColumn('state_hash', t.text, (c) => c.primaryKey())
    .addColumn('nonce', t.text, (c) => c.notNull())
    .addColumn('code_verifier', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_logins_expires').on('oidc_logins').columns(['expires_at']).execute();
};
