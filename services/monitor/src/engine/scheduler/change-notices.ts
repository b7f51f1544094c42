import type { Kysely } from 'kysely';
import { SHARD_COUNT } from '../../store/migrations/002-monitors.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { PollTarget } from './change-poller.js';

/**
 * What one instance tells the others so the owner of a monitor acts within a second (the change
 * poller stays as the safety net for notices lost in a relay gap):
 * - `c` a monitor was created, changed, paused or resumed (`apply`), deleted (`remove`), a check
 *   was requested (`check`, with its time), or probes' results wait for it in probe_inbox (`inbox`);
 * - `r` shards were freed (a graceful stop, a rebalance) or an instance joined: run a lease round now.
 */
export type SchedulerNotice =
  | { t: 'c'; op: 'apply' | 'remove' | 'inbox'; id: number }
  | { t: 'c'; op: 'check'; id: number; at: number }
  | { t: 'r' };

/** Where notices go: the instance relay on PostgreSQL, nowhere on SQLite. */
export interface NoticeSender {
  notify(n: SchedulerNotice): void;
}

/** What applying a notice needs from the engine: the poller's target, and a lease round on demand. */
export interface NoticeTarget extends PollTarget {
  rebalance(): void;
  /** Probes' results wait for an owned monitor (issue 13). */
  inbox(id: number): void;
}

const isNotice = (n: { t: string; [k: string]: unknown }): n is SchedulerNotice =>
  n.t === 'r' ||
  (n.t === 'c' &&
    typeof n.id === 'number' &&
    (n.op === 'apply' ||
      n.op === 'remove' ||
      n.op === 'inbox' ||
      (n.op === 'check' && typeof n.at === 'number')));

/**
 * Applies the notices of other instances in the order they came: a changed monitor is read afresh
 * (the notice says which, the database says what), so a notice can never carry stale configuration.
 */
export class NoticeApplier {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly target: NoticeTarget,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues a notice (anything that is not a scheduler notice is ignored). */
  handle(n: { t: string; [k: string]: unknown }): void {
    if (!isNotice(n)) return;
    this.chain = this.chain.then(() => this.apply(n)).catch(this.onError);
  }

  /** Resolves when every queued notice was applied. */
  settled(): Promise<void> {
    return this.chain;
  }

  private async apply(n: SchedulerNotice): Promise<void> {
    if (n.t === 'r') {
      this.target.rebalance();
      return;
    }
    if (!this.target.owned().has(n.id % SHARD_COUNT)) return;
    if (n.op === 'remove') this.target.remove(n.id);
    else if (n.op === 'inbox') this.target.inbox(n.id);
    else if (n.op === 'check') this.target.checkNow(n.id, n.at);
    else {
      const row = await monitorsRepo.byId(this.db, n.id);
      if (!row) this.target.remove(n.id);
      else if (row.updated_at > (this.target.known(n.id)?.updatedAt ?? -1)) this.target.apply(row);
    }
  }
}
