import type { Selectable } from 'kysely';
import type { Db, OidcLoginsTable } from '../schema.js';

export type OidcLoginRow = Selectable<OidcLoginsTable>;

/** SQL for pending OIDC sign-ins. */
export const oidcLoginsRepo = {
  insert: (db: Db, row: OidcLoginRow) => db.insertInto('oidc_logins').values(row).execute(),
  /**
   * Deletes the pending sign-in and returns it in one statement: of two callbacks racing with the
   * same state (a replay, even on another instance) exactly one gets it.
   */
  consume: (db: Db, stateHash: string, now: number) =>
    db
      .deleteFrom('oidc_logins')
      .where('state_hash', '=', stateHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst(),
  deleteExpired: (db: Db, now: number) =>
    db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute(),
};
