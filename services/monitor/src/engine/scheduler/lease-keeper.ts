import type { Kysely } from 'kysely';
import { schedulerLeasesRepo } from '../../store/repos/scheduler-leases-repo.js';
import type { MonitorDB } from '../../store/schema.js';

export interface LeaseKeeperOptions {
  owner: string;
  shardCount: number;
  /** How long a lease lasts without renewal; another instance may take the shard after it. */
  leaseMs: number;
  /** How often leases are renewed and the fair share recomputed (well under leaseMs). */
  renewMs: number;
  /**
   * Whether another owner is certainly a dead process (of this host): its leases are freed at once
   * instead of after they expire. Owners it cannot judge must be answered false.
   */
  isGone: (owner: string) => boolean;
}

export interface LeaseHooks {
  /** Shards newly held: start scheduling their monitors. */
  gained(shards: number[]): Promise<void>;
  /** Shards about to be given up (or already lost): stop scheduling and settle their work. */
  losing(shards: number[]): Promise<void>;
  onError(err: unknown): void;
  /** Leases of dead owners were freed (to be claimed in the same round). */
  reaped?(owners: string[], shards: number): void;
  /** Shards were given back: other instances may claim them now rather than at their next round. */
  released?(shards: number[]): void;
}

/**
 * Holds shard leases in the database. Every instance aims at an equal share of the shards among
 * the live instances: it renews what it holds, gives back what exceeds its share, and claims free
 * or expired shards up to it. One instance ends up with all shards; several split them. Owners
 * known to be dead processes (a crashed predecessor on this host) are forgotten first, so their
 * shards are free and they no longer count as alive.
 */
export class LeaseKeeper {
  readonly owned = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private validUntil = 0;
  private stopped = false;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly opts: LeaseKeeperOptions,
    private readonly hooks: LeaseHooks,
  ) {}

  /** Claims at once, then keeps renewing every `renewMs`. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.tick());
    }, this.opts.renewMs);
    this.timer.unref();
  }

  /** Runs a round now (after the rounds under way): another instance freed shards or joined. */
  nudge(): Promise<void> {
    if (this.stopped) return this.running;
    this.running = this.running.then(() => this.tick());
    return this.running;
  }

  /** Whether the last round renewed the leases in time (false before the first and after a failure). */
  get healthy(): boolean {
    return !this.stopped && Date.now() < this.validUntil;
  }

  /** One round: heartbeat, renew, rebalance. Public so tests can drive it. */
  async tick(): Promise<void> {
    if (this.stopped) return;
    const { owner, shardCount, leaseMs } = this.opts;
    try {
      const now = Date.now();
      const until = now + leaseMs;
      await schedulerLeasesRepo.heartbeat(this.db, owner, until);
      await this.reapDead(now);
      const alive = Math.max(1, await schedulerLeasesRepo.countAlive(this.db, now));
      const share = Math.ceil(shardCount / alive);

      const held = [...this.owned];
      const kept = new Set(await schedulerLeasesRepo.renew(this.db, owner, held, until));
      const lost = held.filter((s) => !kept.has(s));
      if (lost.length > 0) await this.drop(lost);
      this.validUntil = until;

      if (this.owned.size > share) {
        const extra = [...this.owned].sort((a, b) => b - a).slice(0, this.owned.size - share);
        await this.drop(extra);
        await schedulerLeasesRepo.release(this.db, owner, extra);
        this.hooks.released?.(extra);
      } else if (this.owned.size < share) {
        const free = await schedulerLeasesRepo.free(this.db, now, share - this.owned.size);
        const won = await schedulerLeasesRepo.claim(this.db, owner, free, now, until);
        if (won.length > 0) {
          for (const s of won) this.owned.add(s);
          await this.hooks.gained(won);
        }
      }
      await schedulerLeasesRepo.pruneDead(this.db, now - 10 * leaseMs);
      await this.watchSilent(now);
    } catch (err) {
      this.hooks.onError(err);
      // Without a renewal we must stop before the lease runs out, or another instance could double-check.
      if (Date.now() > this.validUntil - this.opts.renewMs && this.owned.size > 0) {
        await this.drop([...this.owned]).catch(this.hooks.onError);
      }
    }
  }

  /** Stops renewing, settles the work of every held shard and gives the leases back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.expiryTimer);
    await this.running;
    const all = [...this.owned];
    await this.drop(all);
    try {
      await schedulerLeasesRepo.release(this.db, this.opts.owner, all);
      await schedulerLeasesRepo.removeInstance(this.db, this.opts.owner);
      if (all.length > 0) this.hooks.released?.(all);
    } catch (err) {
      this.hooks.onError(err);
    }
  }

  /**
   * An instance that missed a renewal may be dead (on another host, where its process cannot be
   * looked at): run a round the moment its leases expire rather than up to `renewMs` later, so its
   * shards are taken over within one lease period of its last renewal.
   */
  private async watchSilent(now: number): Promise<void> {
    const { owner, leaseMs, renewMs } = this.opts;
    const at = await schedulerLeasesRepo.nextSilentExpiry(this.db, owner, now, now + leaseMs - 1.5 * renewMs);
    clearTimeout(this.expiryTimer);
    if (at === null || this.stopped) return;
    this.expiryTimer = setTimeout(() => void this.nudge(), at - now + 20);
    this.expiryTimer.unref();
  }

  private async reapDead(now: number): Promise<void> {
    const others = await schedulerLeasesRepo.otherHolders(this.db, this.opts.owner, now);
    const dead = others.filter((o) => this.opts.isGone(o));
    if (dead.length === 0) return;
    const freed = await schedulerLeasesRepo.forgetDead(this.db, dead);
    this.hooks.reaped?.(dead, freed);
  }

  private async drop(shards: number[]): Promise<void> {
    for (const s of shards) this.owned.delete(s);
    await this.hooks.losing(shards);
  }
}
