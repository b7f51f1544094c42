import type { Kysely } from 'kysely';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { ParentState } from '../dependencies/dependency-gate.js';
import type { Slot } from './slot.js';

/** What the engine does for ParentStates: check a monitor of its own now, tell another owner to. */
export interface ParentHooks {
  recheck(id: number): void;
  /** A notice to the owner (PostgreSQL): heard at once; the stored request is the safety net. */
  tellOwner(id: number, at: number): void;
  onError(err: unknown): void;
}

/**
 * The engine's knowledge of parent monitors, without a query per check: parents scheduled here
 * are read from their slots; parents on other instances' shards are read from the database when
 * the engine takes shards and refreshed once per change poll. Dependants held back for a parent's
 * verdict wait here until that parent has been checked.
 */
export class ParentStates {
  private readonly foreign = new Map<number, ParentState>();
  private readonly waiters = new Map<number, Set<number>>();

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly local: (id: number) => Slot | undefined,
    private readonly slots: () => Iterable<Slot>,
    private readonly hooks: ParentHooks,
  ) {}

  /** After a monitor's check: the dependants that waited for its verdict are checked again. */
  checked(parentId: number): void {
    for (const id of this.release(parentId)) this.hooks.recheck(id);
  }

  /** A dependant is about to go down: its parents are checked first (here, or by their owners). */
  askFor(dependant: Slot): void {
    const { local, foreign } = this.hold(dependant);
    for (const id of local) this.hooks.recheck(id);
    if (foreign.length === 0) return;
    const at = Date.now();
    for (const id of foreign) this.hooks.tellOwner(id, at);
    dependenciesRepo.requestCheck(this.db, foreign, at).catch(this.hooks.onError);
  }

  /** Reads the parents on other instances' shards and checks again who waited for them. */
  async update(): Promise<void> {
    for (const id of await this.refresh()) this.hooks.recheck(id);
  }

  /** The state of a parent, or undefined when it is unknown (deleted, or not loaded yet). */
  readonly lookup = (id: number): ParentState | undefined => {
    const s = this.local(id);
    if (s) return { status: s.status, failures: s.failures, lastCheckedAt: s.lastCheckedAt };
    return this.foreign.get(id);
  };

  /** Registers `dependant` as waiting for its parents; returns the parents scheduled elsewhere. */
  private hold(dependant: Slot): { local: number[]; foreign: number[] } {
    const out = { local: [] as number[], foreign: [] as number[] };
    for (const p of dependant.dependsOn) {
      const set = this.waiters.get(p) ?? new Set<number>();
      this.waiters.set(p, set);
      set.add(dependant.id);
      (this.local(p) ? out.local : out.foreign).push(p);
    }
    return out;
  }

  /** The dependants that waited for `parentId`, which has just been checked. */
  private release(parentId: number): number[] {
    const set = this.waiters.get(parentId);
    if (!set) return [];
    this.waiters.delete(parentId);
    return [...set];
  }

  /**
   * Reads the parents that live on other shards (one query), and returns the dependants waiting
   * for one of them that has been checked since it was last read.
   */
  private async refresh(): Promise<number[]> {
    const ids = new Set<number>();
    for (const s of this.slots()) for (const p of s.dependsOn) if (!this.local(p)) ids.add(p);
    for (const id of this.foreign.keys()) if (!ids.has(id)) this.foreign.delete(id);
    if (ids.size === 0) return [];
    const released: number[] = [];
    for (const r of await dependenciesRepo.states(this.db, [...ids])) {
      const before = this.foreign.get(r.id);
      this.foreign.set(r.id, {
        status: r.current_status,
        failures: r.consecutive_failures,
        lastCheckedAt: r.last_checked_at,
      });
      if ((r.last_checked_at ?? 0) > (before?.lastCheckedAt ?? 0)) released.push(...this.release(r.id));
    }
    return released;
  }
}
