import type { Kysely } from 'kysely';
import { SHARD_COUNT } from '../../store/migrations/002-monitors.js';
import { type MonitorRow, monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';

// Polling overlaps the previous window so clock skew between instances does not hide changes.
const OVERLAP_MS = 5000;
const RECONCILE_EVERY_MS = 30_000;

/** What the poller needs from the engine. */
export interface PollTarget {
  owned(): Set<number>;
  known(id: number): { updatedAt: number; checkRequestedAt: number } | undefined;
  knownIds(): Iterable<number>;
  apply(row: MonitorRow): void;
  checkNow(id: number, requestedAt: number): void;
  remove(id: number): void;
  /** After each poll (the engine refreshes what it knows of other instances' monitors). */
  afterPoll?(): Promise<void>;
}

/**
 * Picks up what other instances changed: configuration (`updated_at`) and check-now requests
 * (`check_requested_at`) every poll, deletions by a reconciliation every 30 s.
 */
export class ChangePoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private lastPoll = Date.now();
  private lastReconcile = Date.now();

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly target: PollTarget,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(everyMs: number): void {
    this.lastPoll = Date.now();
    this.lastReconcile = Date.now();
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.poll());
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async poll(): Promise<void> {
    const owned = this.target.owned();
    if (owned.size === 0) return;
    const started = Date.now();
    try {
      const rows = await monitorsRepo.changedSince(this.db, this.lastPoll - OVERLAP_MS);
      for (const row of rows) {
        if (!owned.has(row.id % SHARD_COUNT)) continue;
        const before = this.target.known(row.id);
        if (!before || row.updated_at > before.updatedAt) this.target.apply(row);
        const req = row.check_requested_at ?? 0;
        const after = this.target.known(row.id);
        if (after && req > after.checkRequestedAt) this.target.checkNow(row.id, req);
      }
      this.lastPoll = started;
      if (started - this.lastReconcile >= RECONCILE_EVERY_MS) {
        this.lastReconcile = started;
        const ids = new Set(await monitorsRepo.idsInShards(this.db, [...owned], SHARD_COUNT));
        for (const id of [...this.target.knownIds()]) if (!ids.has(id)) this.target.remove(id);
      }
      await this.target.afterPoll?.();
    } catch (err) {
      this.onError(err);
    }
  }
}
