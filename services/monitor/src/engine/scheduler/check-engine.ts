import { setMaxListeners } from 'node:events';
import { type Logger, newProcessOwner, ownerProcessGone, releaseProcessOwner } from '@app/kit';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../platform/events/event-bus.js';
import { SHARD_COUNT } from '../../store/migrations/002-monitors.js';
import { type MonitorRow, monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { type CheckOutcome, runCheck } from '../checks/index.js';
import { ResultWriter } from '../results/result-writer.js';
import { CatchUp } from './catch-up.js';
import { NoticeApplier, type NoticeSender, type NoticeTarget } from './change-notices.js';
import { ChangePoller } from './change-poller.js';
import { DueTimer } from './due-timer.js';
import type { EngineOptions } from './engine-options.js';
import { InboxDrain } from './inbox-drain.js';
import { judge, pingOutcome, silenceOutcome } from './judge.js';
import { LeaseKeeper } from './lease-keeper.js';
import { loadLocationStates } from './location-slots.js';
import { ParentStates } from './parent-states.js';
import { ReadyQueue } from './ready-queue.js';
import { releaseSlots, settleReleased } from './shard-release.js';
import { awaitsFirstPing, type ReadyItem, type Slot, slotFromRow } from './slot.js';
import { reconfigureSlot } from './slot-changes.js';
import { firstDue, planTakeOver } from './take-over.js';

export type { EngineOptions } from './engine-options.js';

/**
 * Schedules and runs the checks of the monitors in the shards this instance leases. One timer
 * waits for the earliest due time in a min-heap; due checks start while fewer than `concurrency`
 * are in flight. Results are judged (retries, state), then stored in batches by the ResultWriter.
 */
export class CheckEngine {
  readonly writer: ResultWriter;
  readonly leases: LeaseKeeper;
  readonly owner: string;
  private readonly slots = new Map<number, Slot>();
  private readonly timer: DueTimer;
  private readonly ready = new ReadyQueue<ReadyItem>();
  private readonly catchUp: CatchUp;
  private readonly poller: ChangePoller;
  private inFlight = 0;
  private stopping = false;
  /** Set once the first lease round is done: later gains are take-overs. */
  private started = false;
  private sender: NoticeSender | null = null;
  private readonly notices: NoticeApplier;
  private readonly abort = new AbortController();
  private readonly concurrency: number;
  private readonly opts: EngineOptions;
  /** Parents' states for dependants (issue 14), kept without a query per check. */
  private readonly parents: ParentStates;
  /** Probes' results waiting for this instance's judgement (issue 13). */
  private readonly inbox: InboxDrain;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    bus: EventBus,
    private readonly log: Logger,
    opts: EngineOptions = {},
  ) {
    this.opts = opts;
    this.concurrency = opts.concurrency ?? 500;
    // Every check in flight listens on the shutdown signal.
    setMaxListeners(0, this.abort.signal);
    this.writer = new ResultWriter(db, bus, {
      flushMs: opts.flushMs ?? 200,
      inTransaction: opts.inTransaction,
      onStored: opts.onResultsStored,
      onError: (err) => log.error({ err }, 'storing check results failed'),
    });
    this.owner = opts.owner ?? newProcessOwner();
    this.parents = new ParentStates(
      db,
      (id) => this.slots.get(id),
      () => this.slots.values(),
      {
        recheck: (id) => this.checkNowLocal(id, Date.now()),
        tellOwner: (id, at) => this.sender?.notify({ t: 'c', op: 'check', id, at }),
        onError: (err) => log.error({ err }, 'asking for a parent check failed'),
      },
    );
    this.leases = new LeaseKeeper(
      db,
      {
        owner: this.owner,
        shardCount: SHARD_COUNT,
        leaseMs: opts.leaseMs ?? 30_000,
        renewMs: opts.renewMs ?? 10_000,
        isGone: ownerProcessGone,
      },
      {
        gained: (s) => this.takeShards(s),
        losing: (s) => this.dropShards(s),
        onError: (err) => log.error({ err }, 'scheduler lease round failed'),
        reaped: (owners, shards) =>
          log.info({ owners, shards }, 'scheduler freed the leases of dead predecessors on this host'),
        released: () => this.sender?.notify({ t: 'r' }),
      },
    );
    this.timer = new DueTimer((e) => {
      const slot = this.slots.get(e.id);
      if (slot && slot.version === e.version)
        this.enqueue({ slot, kind: 'scheduled', due: e.due, version: e.version });
    });
    this.catchUp = new CatchUp((id, version) => {
      const slot = this.slots.get(id);
      // Due from its release on, so that its next check comes one whole interval later.
      if (slot && slot.version === version) this.schedule(slot, Date.now());
    });
    this.inbox = new InboxDrain(db, this.writer, this.parents, opts, {
      owned: () => this.leases.owned,
      slot: (id) => this.slots.get(id),
      stopping: () => this.stopping,
      tellOwner: (id) => this.sender?.notify({ t: 'c', op: 'inbox', id }),
      onError: (err) => log.error({ err }, 'judging probe results failed'),
    });
    // Changes made through other instances: announced by a notice, polled as the safety net.
    const changes: NoticeTarget = {
      owned: () => this.leases.owned,
      known: (id) => this.slots.get(id),
      knownIds: () => this.slots.keys(),
      apply: (row) => this.applyRow(row),
      checkNow: (id, at) => this.checkNowLocal(id, at),
      remove: (id) => this.removeLocal(id),
      afterPoll: () => this.parents.update().then(() => this.inbox.drainOwned()),
      inbox: (id) => this.inbox.arrived([id]),
      rebalance: () => {
        if (this.started && !this.stopping) void this.leases.nudge();
      },
    };
    this.poller = new ChangePoller(db, changes, (err) =>
      log.error({ err }, 'polling monitor changes failed'),
    );
    this.notices = new NoticeApplier(db, changes, (err) => log.error({ err }, 'applying a notice failed'));
  }

  /**
   * Connects the engine to the other instances (PostgreSQL): changes made through this instance are
   * announced to the owner, and their announcements come in through the returned handler.
   */
  connect(sender: NoticeSender): (notice: { t: string; [k: string]: unknown }) => void {
    this.sender = sender;
    return (n) => this.notices.handle(n);
  }

  /** Claims shards, loads their monitors and starts checking. */
  async start(): Promise<void> {
    await this.leases.start();
    this.started = true;
    // Others give back what exceeds their share now, not at their next round.
    this.sender?.notify({ t: 'r' });
    this.poller.start(this.opts.pollMs ?? 2000);
  }

  /** Stops scheduling, lets running checks settle, stores the last results and releases the leases. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.timer.stop();
    this.catchUp.stop();
    await this.poller.stop();
    await this.notices.settled();
    await this.inbox.settled();
    await this.leases.stop();
    await this.writer.flush();
    releaseProcessOwner(this.owner);
  }

  /** Figures for logs and benchmarks. */
  stats() {
    return {
      monitors: this.slots.size,
      shards: this.leases.owned.size,
      inFlight: this.inFlight,
      waiting: this.ready.length,
      stored: this.writer.stored,
    };
  }

  /** The next due time of a monitor (ms), or null when it is not scheduled here. */
  dueOf(id: number): number | null {
    return this.slots.get(id)?.due ?? null;
  }

  /** Applies a monitor created or changed through this instance's API, and tells the owner. */
  apply(row: MonitorRow): void {
    this.sender?.notify({ t: 'c', op: 'apply', id: row.id });
    this.applyRow(row);
  }

  /** Tells the owner that a monitor changed in the database (a heartbeat ping stored here). */
  announce(id: number): void {
    this.sender?.notify({ t: 'c', op: 'apply', id });
  }

  /** Probe results were stored in probe_inbox for these monitors: judged here, or by their owner. */
  inboxArrived(monitorIds: number[]): void {
    if (!this.stopping) this.inbox.arrived(monitorIds);
  }

  /** Forgets a monitor deleted through this instance's API, and tells the owner. */
  remove(id: number): void {
    this.sender?.notify({ t: 'c', op: 'remove', id });
    this.removeLocal(id);
  }

  /** A check-now through this instance's API: runs it here when owned, and tells the owner. */
  checkNow(id: number, requestedAt = Date.now()): boolean {
    this.sender?.notify({ t: 'c', op: 'check', id, at: requestedAt });
    return this.checkNowLocal(id, requestedAt);
  }

  /** Applies a created or changed monitor (from the API, a notice or polling) when owned here. */
  private applyRow(row: MonitorRow): void {
    if (this.stopping || !this.leases.owned.has(row.id % SHARD_COUNT)) return;
    const now = Date.now();
    const slot = this.slots.get(row.id);
    if (!slot) {
      const fresh = slotFromRow(row, SHARD_COUNT, this.opts.secretKey);
      this.slots.set(row.id, fresh);
      if (!fresh.paused) this.schedule(fresh, firstDue(fresh, now));
      return;
    }
    const due = reconfigureSlot(slot, row, this.opts.secretKey, now);
    if (due === null) this.unschedule(slot);
    else if (due !== undefined) this.schedule(slot, due);
  }

  /** Forgets a deleted monitor; a check under way is discarded. */
  private removeLocal(id: number): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    slot.gone = 'deleted';
    this.unschedule(slot);
    this.slots.delete(id);
  }

  /** Runs one extra check as soon as a slot is free, leaving the schedule as it is. */
  private checkNowLocal(id: number, requestedAt: number): boolean {
    const slot = this.slots.get(id);
    if (!slot || slot.paused || slot.heartbeat || !slot.checksLocal || this.stopping) return false;
    slot.checkRequestedAt = Math.max(slot.checkRequestedAt, requestedAt);
    if (slot.running) slot.nowQueued = true;
    else this.enqueue({ slot, kind: 'now', due: Date.now(), version: slot.version });
    return true;
  }

  /**
   * Records a heartbeat ping (`ok`) or a reported failure for a monitor and resolves once the
   * result is stored and streamed. `elsewhere`: another instance (or none) schedules this monitor.
   */
  async ping(row: MonitorRow, ok: boolean): Promise<'recorded' | 'paused' | 'elsewhere'> {
    const slot = this.slots.get(row.id);
    if (!slot || slot.gone) return 'elsewhere';
    if (slot.paused) return 'paused';
    const now = Date.now();
    slot.lastPingAt = now;
    this.writer.add(
      judge(slot, pingOutcome(ok), now, !ok, this.inMaintenance(slot.id, now), this.parents.lookup).pending,
    );
    this.parents.checked(slot.id);
    this.schedule(slot, now + slot.intervalMs + slot.graceMs);
    await this.writer.flush();
    return 'recorded';
  }

  private async takeShards(shards: number[]): Promise<void> {
    const rows = await monitorsRepo.inShards(this.db, shards, SHARD_COUNT);
    const made = rows
      .filter((r) => !this.slots.has(r.id))
      .map((r) => slotFromRow(r, SHARD_COUNT, this.opts.secretKey));
    // Per-location states first (issue 13): no probe result may be judged against blank ones.
    await loadLocationStates(this.db, made, shards, SHARD_COUNT);
    const now = Date.now();
    const fresh: Slot[] = [];
    for (const slot of made) {
      if (this.slots.has(slot.id)) continue;
      this.slots.set(slot.id, slot);
      if (!slot.paused && slot.checksLocal) fresh.push(slot);
    }
    // Overdue ones wait in the catch-up spread (robust to start-up stalls); the rest keep their time.
    const plan = planTakeOver(fresh, now, this.started);
    for (const { slot, at } of plan.scheduled) this.schedule(slot, at);
    const overdue = plan.overdue.map(({ slot, offset }) => {
      this.unschedule(slot);
      slot.due = now + offset;
      return { id: slot.id, version: slot.version, offset };
    });
    this.catchUp.add(overdue);
    // Parents on other instances' shards: read once now, then with every change poll.
    await this.parents
      .update()
      .catch((err: unknown) => this.log.error({ err }, 'reading parent states failed'));
    void this.inbox.drainOwned();
    this.log.info({ shards: shards.length, monitors: fresh.length }, 'scheduler took shards');
  }

  private async dropShards(shards: number[]): Promise<void> {
    const running = releaseSlots(this.slots, shards, (slot) => this.unschedule(slot));
    // Their last results must be stored before another instance, reading last_checked_at, takes over.
    await settleReleased(running, this.opts.stopGraceMs ?? 5000, this.stopping ? this.abort : null);
    await this.inbox.settled();
    await this.writer.flush();
  }

  private schedule(slot: Slot, due: number): void {
    slot.version++;
    // Checked by probes only (issue 13): this instance never runs its checks.
    slot.due = slot.checksLocal ? due : null;
    if (slot.checksLocal) this.timer.push({ due, id: slot.id, version: slot.version });
  }

  private inMaintenance(monitorId: number, at: number): boolean {
    return this.opts.isUnderMaintenance?.(monitorId, at) ?? false;
  }

  private unschedule(slot: Slot): void {
    slot.version++;
    slot.due = null;
    slot.waiting = null;
    slot.nowQueued = false;
  }

  private enqueue(item: ReadyItem): void {
    // A check-now jumps the queue: someone is waiting for it, and it must come within a second
    // even when the concurrency bound is reached.
    if (item.kind === 'now') this.ready.pushFront(item);
    else this.ready.push(item);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < this.concurrency) {
      const item = this.ready.shift();
      if (!item) break;
      this.launch(item);
    }
  }

  private launch(item: ReadyItem): void {
    const { slot } = item;
    if (slot.gone || slot.paused || this.stopping) return;
    if (item.kind === 'scheduled' && item.version !== slot.version) return;
    if (slot.running) {
      if (item.kind === 'now') slot.nowQueued = true;
      else slot.waiting = { due: item.due, version: item.version };
      return;
    }
    // A heartbeat never pinged waits a first interval and its grace before it can be late.
    if (awaitsFirstPing(slot)) return void this.schedule(slot, Date.now() + slot.intervalMs + slot.graceMs);
    this.inFlight++;
    const startedAt = Date.now();
    if (item.kind === 'scheduled') this.opts.onCheckStarted?.(startedAt - item.due);
    const check = slot.heartbeat
      ? Promise.resolve(silenceOutcome(slot))
      : runCheck(slot.target, this.abort.signal);
    slot.running = check.then((outcome) => {
      this.inFlight--;
      slot.running = null;
      try {
        this.finish(item, startedAt, outcome);
      } catch (err) {
        this.log.error({ err, monitor_id: slot.id }, 'processing a check result failed');
      }
      this.pump();
    });
  }

  private finish(item: ReadyItem, startedAt: number, outcome: CheckOutcome): void {
    const { slot } = item;
    // Aborted by shutdown, deleted, paused or no longer checked from here meanwhile: not a real result.
    if (this.abort.signal.aborted || slot.gone === 'deleted' || slot.paused || !slot.checksLocal) return;
    const hadFailures = slot.failures > 0;
    const maint = this.inMaintenance(slot.id, startedAt);
    const {
      transition: t,
      pending,
      held,
    } = judge(slot, outcome, startedAt, false, maint, this.parents.lookup, this.opts.isLocationOnline);
    this.writer.add(pending);
    this.parents.checked(slot.id);
    if (held) this.parents.askFor(slot);
    if (slot.gone) return;
    const now = Date.now();
    if (t.retrying) this.schedule(slot, now + slot.retryIntervalMs);
    else if (item.kind === 'scheduled') {
      // One interval after the due time keeps the cadence; but a check that started very late (the
      // process stalled) must not pull the next one closer than half an interval to it.
      const next = Math.max(item.due + slot.intervalMs, startedAt + slot.intervalMs / 2);
      this.schedule(slot, Math.max(next, now));
    } else if (hadFailures) this.schedule(slot, now + slot.intervalMs);
    if (slot.nowQueued) {
      slot.nowQueued = false;
      this.enqueue({ slot, kind: 'now', due: now, version: slot.version });
    }
    const w = slot.waiting;
    slot.waiting = null;
    if (w && w.version === slot.version) this.enqueue({ slot, kind: 'scheduled', ...w });
  }
}
