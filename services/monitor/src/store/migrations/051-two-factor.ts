import { type AppMigration, columnTypes } from '@app/kit';

/**
 * TOTP two-factor sign-in. `users.two_factor_enabled_at` is the one flag (read with the user on
 * every request, so the required-role gate costs no query); the seeds live apart, encrypted with
 * the service key, so the many `selectAll()` of users never carry them. Recovery codes and sign-in
 * challenges keep only their SHA-256 (both are high-entropy random values).
 */
export const twoFactor: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', t.bigint).execute();
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', t.bigint, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Encrypted (secret-box) base32 seeds: the confirmed one, and one awaiting its first code.
    .addColumn('secret', t.text)
    .addColumn('pending_secret', t.text)
    .addColumn('pending_created_at', t.bigint)
    // The TOTP time step of the last accepted code: a code is good once, even inside its window.
    .addColumn('last_time_step', t.bigint)
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', t.text, (c) => c.primaryKey())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_expires').on('mfa_challenges').column('expires_at').execute();
};
