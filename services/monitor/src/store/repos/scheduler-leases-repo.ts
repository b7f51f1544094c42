import type { Db } from '../schema.js';

/** SQL for shard leases and the engine instances that hold them. */
export const schedulerLeasesRepo = {
  /** True while `owner` holds an unexpired lease on `shard` (shard 0's owner runs the one-per-cluster upkeep). */
  holds: async (db: Db, shard: number, owner: string, now: number) =>
    (await db
      .selectFrom('scheduler_leases')
      .select('shard')
      .where('shard', '=', shard)
      .where('owner', '=', owner)
      .where('lease_until', '>', now)
      .executeTakeFirst()) !== undefined,
  /** Records that `owner` is alive until `until`. */
  heartbeat: async (db: Db, owner: string, until: number) => {
    await db
      .insertInto('scheduler_instances')
      .values({ owner, alive_until: until })
      .onConflict((oc) => oc.column('owner').doUpdateSet({ alive_until: until }))
      .execute();
  },
  countAlive: async (db: Db, now: number) =>
    Number(
      (
        await db
          .selectFrom('scheduler_instances')
          .select((e) => e.fn.countAll().as('n'))
          .where('alive_until', '>', now)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  /**
   * The earliest time an instance other than `self` that missed a renewal (alive only until before
   * `renewedBefore`) stops counting as alive, or null: its leases run out with it.
   */
  nextSilentExpiry: async (db: Db, self: string, now: number, renewedBefore: number) => {
    const row = await db
      .selectFrom('scheduler_instances')
      .select((e) => e.fn.min('alive_until').as('at'))
      .where('owner', '<>', self)
      .where('alive_until', '>', now)
      .where('alive_until', '<', renewedBefore)
      .executeTakeFirst();
    return row?.at == null ? null : Number(row.at);
  },
  /** Prunes instances dead for a while, so the table does not grow with restarts. */
  pruneDead: (db: Db, before: number) =>
    db.deleteFrom('scheduler_instances').where('alive_until', '<', before).execute(),
  /** Every owner other than `self` that still counts as alive or holds an unexpired lease. */
  otherHolders: async (db: Db, self: string, now: number): Promise<string[]> => {
    const instances = await db
      .selectFrom('scheduler_instances')
      .select('owner')
      .where('alive_until', '>', now)
      .where('owner', '<>', self)
      .execute();
    const leases = await db
      .selectFrom('scheduler_leases')
      .select('owner')
      .distinct()
      .where('lease_until', '>', now)
      .where('owner', 'is not', null)
      .where('owner', '<>', self)
      .execute();
    return [...new Set([...instances, ...leases].map((r) => r.owner).filter((o) => o !== null))];
  },
  /**
   * Frees the leases of owners known to be dead and forgets them as instances; returns how many
   * shards were freed. Idempotent (two survivors may both do it) and safe to redo if interrupted.
   */
  forgetDead: async (db: Db, owners: string[]) => {
    const freed = await db
      .updateTable('scheduler_leases')
      .set({ owner: null, lease_until: 0 })
      .where('owner', 'in', owners)
      .returning('shard')
      .execute();
    await db.deleteFrom('scheduler_instances').where('owner', 'in', owners).execute();
    return freed.length;
  },
  removeInstance: (db: Db, owner: string) =>
    db.deleteFrom('scheduler_instances').where('owner', '=', owner).execute(),

  /** Extends the leases `owner` still holds; returns the shards it kept. */
  renew: async (db: Db, owner: string, shards: number[], until: number) =>
    shards.length === 0
      ? []
      : (
          await db
            .updateTable('scheduler_leases')
            .set({ lease_until: until })
            .where('owner', '=', owner)
            .where('shard', 'in', shards)
            .returning('shard')
            .execute()
        ).map((r) => r.shard),
  /** Shards nobody holds (free or expired), lowest first. */
  free: async (db: Db, now: number, limit: number) =>
    (
      await db
        .selectFrom('scheduler_leases')
        .select('shard')
        .where((e) => e.or([e('owner', 'is', null), e('lease_until', '<=', now)]))
        .orderBy('shard')
        .limit(limit)
        .execute()
    ).map((r) => r.shard),
  /**
   * Takes the given shards where they are still free. The condition is re-checked by the UPDATE
   * itself (a row lock in PostgreSQL, the write lock in SQLite), so two instances never both win one.
   */
  claim: async (db: Db, owner: string, shards: number[], now: number, until: number) =>
    shards.length === 0
      ? []
      : (
          await db
            .updateTable('scheduler_leases')
            .set({ owner, lease_until: until })
            .where('shard', 'in', shards)
            .where((e) => e.or([e('owner', 'is', null), e('lease_until', '<=', now)]))
            .returning('shard')
            .execute()
        ).map((r) => r.shard),
  release: async (db: Db, owner: string, shards: number[]) => {
    if (shards.length === 0) return;
    await db
      .updateTable('scheduler_leases')
      .set({ owner: null, lease_until: 0 })
      .where('owner', '=', owner)
      .where('shard', 'in', shards)
      .execute();
  },
};
