import type { Kysely } from 'kysely';
import { SHARD_COUNT } from '../../store/migrations/002-monitors.js';
import { type InboxRow, inboxDrainRepo } from '../../store/repos/inbox-drain-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { CheckDetails, CheckOutcome } from '../checks/index.js';
import type { ResultWriter } from '../results/result-writer.js';
import type { EngineOptions } from './engine-options.js';
import { judge, type ParentLookup } from './judge.js';
import { locationOf } from './location-slots.js';
import type { Slot } from './slot.js';

/** What judging needs besides the slot: the parents' states (issue 14). */
export interface InboxParents {
  lookup: ParentLookup;
  checked(id: number): void;
  askFor(slot: Slot): void;
}

/** What draining the inbox needs to know of the engine's state. */
export interface InboxTarget {
  owned(): Set<number>;
  slot(id: number): Slot | undefined;
  stopping(): boolean;
  /** Tells the instance that owns a monitor that results wait for it (PostgreSQL). */
  tellOwner(id: number): void;
  onError(err: unknown): void;
}

const outcomeOf = (r: InboxRow): CheckOutcome => ({
  status: r.status === 1 ? 'up' : 'down',
  response_time_ms: r.response_time_ms,
  status_code: r.status_code,
  error: r.error,
  tls_days_left: r.tls_days_left,
  warning: null,
  ...(r.details && { details: JSON.parse(r.details) as CheckDetails }),
});

/**
 * Judges the probes' results waiting in `probe_inbox` (issue 13), for the monitors this instance
 * owns: in id order, each as a result of its location, then stored by the ResultWriter, which
 * deletes the row in the transaction that stores the result. A crash before that commit leaves the
 * row for the next owner; a row read again before its batch commits is skipped (`taken`), so
 * nothing is lost and nothing is stored twice. (Ids are not a high-water mark: SQLite gives an
 * emptied table's ids out again.) One drain runs at a time; requests that come
 * meanwhile are merged into the next. Besides the results announced (inboxArrived, a notice), every
 * change poll and every shard take-over drains all the owned shards: the safety net for lost
 * notices, and for the results a crashed or departed owner left.
 */
export class InboxDrain {
  private readonly waiting = new Set<number>();
  private everything = false;
  private running: Promise<void> | null = null;
  /** Rows judged and handed to the writer, until their batch commits (or is given up). */
  private readonly taken = new Set<number>();

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly writer: ResultWriter,
    private readonly parents: InboxParents,
    private readonly opts: Pick<EngineOptions, 'isUnderMaintenance' | 'isLocationOnline'>,
    private readonly target: InboxTarget,
  ) {
    writer.onInboxSettled((ids) => {
      for (const id of ids) this.taken.delete(id);
    });
  }

  /** Results arrived for these monitors: drained here when owned, announced to the owner otherwise. */
  arrived(monitorIds: readonly number[]): void {
    const owned = this.target.owned();
    let mine = false;
    // One notice per monitor, however many of its results came in the post.
    for (const id of new Set(monitorIds)) {
      if (owned.has(id % SHARD_COUNT)) {
        this.waiting.add(id);
        mine = true;
      } else this.target.tellOwner(id);
    }
    if (mine) void this.kick();
  }

  /** Drains everything waiting for the owned shards (each change poll, and after taking shards). */
  drainOwned(): Promise<void> {
    this.everything = true;
    return this.kick();
  }

  /** Resolves when no drain is under way. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private kick(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
      // Asked for between the last look and here: go again.
      if (!this.target.stopping() && (this.everything || this.waiting.size > 0)) void this.kick();
    });
    return this.running;
  }

  private async run(): Promise<void> {
    while (!this.target.stopping() && (this.everything || this.waiting.size > 0)) {
      const all = this.everything;
      const ids = [...this.waiting];
      this.everything = false;
      this.waiting.clear();
      const owned = [...this.target.owned()];
      if (owned.length === 0) return;
      try {
        const rows = all
          ? await inboxDrainRepo.inShards(this.db, owned, SHARD_COUNT)
          : await inboxDrainRepo.forMonitors(this.db, ids);
        await this.take(rows);
      } catch (err) {
        this.target.onError(err);
      }
    }
  }

  private async take(rows: InboxRow[]): Promise<void> {
    const owned = this.target.owned();
    const orphans = new Map<number, number[]>();
    const discard: number[] = [];
    for (const row of rows) {
      if (this.target.stopping()) return;
      if (!owned.has(row.monitor_id % SHARD_COUNT)) continue;
      const slot = this.target.slot(row.monitor_id);
      if (!slot) {
        orphans.set(row.monitor_id, [...(orphans.get(row.monitor_id) ?? []), row.id]);
        continue;
      }
      if (this.taken.has(row.id)) continue;
      this.taken.add(row.id);
      const loc = locationOf(slot, row.location_id);
      // Paused, deleted, or no longer checked from there: nothing to judge it for.
      if (!loc || slot.paused || slot.gone) {
        discard.push(row.id);
        continue;
      }
      this.judgeOne(slot, row);
    }
    // A monitor without a slot here may be one just created elsewhere (its results wait for the
    // next poll to bring its slot), or a deleted one (its results go).
    if (orphans.size > 0) {
      const alive = await monitorsRepo.existing(this.db, [...orphans.keys()]);
      for (const [id, rowIds] of orphans) if (!alive.has(id)) discard.push(...rowIds);
    }
    this.writer.discard(discard);
  }

  private judgeOne(slot: Slot, row: InboxRow): void {
    const at = row.checked_at;
    const maintenance = this.opts.isUnderMaintenance?.(slot.id, at) ?? false;
    const online = this.opts.isLocationOnline;
    const j = judge(
      slot,
      outcomeOf(row),
      at,
      false,
      maintenance,
      this.parents.lookup,
      online,
      row.location_id,
    );
    j.pending.inbox_id = row.id;
    this.writer.add(j.pending);
    this.parents.checked(slot.id);
    if (j.held) this.parents.askFor(slot);
  }
}
