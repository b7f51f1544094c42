import type { Db } from '../schema.js';

/** SQL for TOTP seeds, recovery codes and the sign-in challenges between password and code. */
export const twoFactorRepo = {
  secretsOf: (db: Db, userId: number) =>
    db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  /** Starts (or restarts) an enrolment; a confirmed seed, if any, is left alone. */
  putPending: (db: Db, userId: number, sealed: string, at: number) =>
    db
      .insertInto('two_factor_secrets')
      .values({
        user_id: userId,
        secret: null,
        pending_secret: sealed,
        pending_created_at: at,
        last_time_step: null,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ pending_secret: sealed, pending_created_at: at }),
      )
      .execute(),
  /** The pending seed becomes the confirmed one; `step` is the confirming code's, spent. */
  confirm: (db: Db, userId: number, sealed: string, step: number) =>
    db
      .updateTable('two_factor_secrets')
      .set({ secret: sealed, pending_secret: null, pending_created_at: null, last_time_step: step })
      .where('user_id', '=', userId)
      .execute(),
  /**
   * Records `step` as used only if no code of that step or a later one was accepted before, in one
   * statement: two requests racing with the same code cannot both get through.
   */
  spendStep: async (db: Db, userId: number, step: number) => {
    const r = await db
      .updateTable('two_factor_secrets')
      .set({ last_time_step: step })
      .where('user_id', '=', userId)
      .where((e) => e.or([e('last_time_step', 'is', null), e('last_time_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  removeAll: async (db: Db, userId: number) => {
    await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
  },
  replaceRecoveryCodes: async (db: Db, userId: number, hashes: string[], at: number) => {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
      .execute();
  },
  /** Marks an unused code of the user used; false when there is none (wrong or already spent). */
  spendRecoveryCode: async (db: Db, userId: number, hash: string, at: number) => {
    const r = await db
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  recoveryCodesLeft: async (db: Db, userId: number) =>
    Number(
      (
        await db
          .selectFrom('recovery_codes')
          .select((e) => e.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  insertChallenge: (
    db: Db,
    row: { token_hash: string; user_id: number; created_at: number; expires_at: number },
  ) => db.insertInto('mfa_challenges').values(row).execute(),
  challenge: (db: Db, hash: string, now: number) =>
    db
      .selectFrom('mfa_challenges')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  /** Spends a challenge; false when another request spent it first. Expired ones go with it. */
  spendChallenge: async (db: Db, hash: string, now: number) => {
    const r = await db
      .deleteFrom('mfa_challenges')
      .where('token_hash', '=', hash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    await db.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute();
    return Number(r.numDeletedRows) === 1;
  },
  setEnabledAt: (db: Db, userId: number, at: number | null) =>
    db.updateTable('users').set({ two_factor_enabled_at: at }).where('id', '=', userId).execute(),
};
