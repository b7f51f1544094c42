import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the repository cache's per-mirror leases (migration 040). */
export const mirrorLocksRepo = {
  /**
   * Takes the lease of `key` for `owner` until `expiresAt` when it is free, expired, or held by an
   * owner `isGone` says is dead (never re-entrant: each taking has an owner of its own). True when `owner` holds it afterwards.
   */
  async tryTake(
    db: Kysely<MetricsDB>,
    key: string,
    owner: string,
    now: number,
    expiresAt: number,
    isGone: (holder: string) => boolean,
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('repo_mirror_locks')
      .values({ mirror_key: key, owner, expires_at: expiresAt })
      .onConflict((oc) => oc.column('mirror_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    const held = await db
      .selectFrom('repo_mirror_locks')
      .select(['owner', 'expires_at'])
      .where('mirror_key', '=', key)
      .executeTakeFirst();
    if (held === undefined) return false; // released meanwhile: the caller tries again
    if (Number(held.expires_at) > now && !isGone(held.owner)) return false;
    // Conditional on the holder seen: of two workers taking over one dead lease, one wins.
    const res = await db
      .updateTable('repo_mirror_locks')
      .set({ owner, expires_at: expiresAt })
      .where('mirror_key', '=', key)
      .where('owner', '=', held.owner)
      .where('expires_at', '=', held.expires_at)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Extends `owner`'s lease; false when it was lost (expired and taken by another worker). */
  async renew(db: Kysely<MetricsDB>, key: string, owner: string, expiresAt: number): Promise<boolean> {
    const res = await db
      .updateTable('repo_mirror_locks')
      .set({ expires_at: expiresAt })
      .where('mirror_key', '=', key)
      .where('owner', '=', owner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async release(db: Kysely<MetricsDB>, key: string, owner: string): Promise<void> {
    await db
      .deleteFrom('repo_mirror_locks')
      .where('mirror_key', '=', key)
      .where('owner', '=', owner)
      .execute();
  },

  /** Who holds `key`, if anyone (tests and the log). */
  async holder(db: Kysely<MetricsDB>, key: string): Promise<string | null> {
    const row = await db
      .selectFrom('repo_mirror_locks')
      .select('owner')
      .where('mirror_key', '=', key)
      .executeTakeFirst();
    return row?.owner ?? null;
  },
};
