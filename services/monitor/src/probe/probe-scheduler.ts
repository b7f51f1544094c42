import { setMaxListeners } from 'node:events';
import { type CheckOutcome, type CheckTarget, runCheck } from '../engine/checks/index.js';
import { DueTimer } from '../engine/scheduler/due-timer.js';
import { ReadyQueue } from '../engine/scheduler/ready-queue.js';
import { initialDueTimes } from '../engine/scheduler/spread.js';
import { applyResult, type MonitorState } from '../engine/scheduler/transition.js';
import type { ProbeAssignment, ProbeResult } from '../shared-types/probe-protocol.js';
import { forwardDetails } from './forward-details.js';

/** One assigned monitor as the probe schedules it. */
interface ProbeSlot {
  id: number;
  /** The assignment's version (its updated_at): a change of configuration changes it. */
  version: number;
  target: CheckTarget;
  intervalMs: number;
  retryIntervalMs: number;
  retryCount: number;
  /** The local verdict, only for the retry cadence: the central instance judges for real. */
  state: MonitorState;
  lastCheckedAt: number | null;
  /** Bumped on every reschedule: due-timer entries of older schedules are ignored. */
  sched: number;
  due: number | null;
  running: boolean;
  /** A due time that came while the check was still running: started right after it. */
  waiting: { due: number; sched: number } | null;
  gone: boolean;
}

interface Ready {
  slot: ProbeSlot;
  due: number;
  sched: number;
}

export interface ProbeSchedulerOptions {
  concurrency: number;
  /** Checks connect from this address (PROBE_SOURCE_ADDRESS). */
  localAddress?: string;
  onResult(result: ProbeResult): void;
  /** Check types this probe cannot run (browser without Chromium): such assignments are ignored. */
  unsupportedTypes?: readonly string[];
}

/**
 * Checks the monitors assigned to this probe's location with the engine's own pieces: one DueTimer
 * for all due times, a ReadyQueue in front of the concurrency bound, and `applyResult` to follow
 * failures so that a failing monitor is checked again at its retry interval, as the central
 * instance would. Results go to `onResult`; the verdict is the central instance's.
 */
export class ProbeScheduler {
  private readonly slots = new Map<number, ProbeSlot>();
  private readonly timer: DueTimer;
  private readonly ready = new ReadyQueue<Ready>();
  private readonly abort = new AbortController();
  private readonly settled = new Set<Promise<void>>();
  private inFlight = 0;
  private stopping = false;
  /** Set when stop() gave up waiting: outcomes from then on are the abort's, not the target's. */
  private aborted = false;
  /** Checks run since start. */
  checks = 0;
  /** Checks still running when the stop's grace ran out: aborted, never reported. */
  abortedAtStop = 0;

  constructor(private readonly opts: ProbeSchedulerOptions) {
    setMaxListeners(0, this.abort.signal);
    this.timer = new DueTimer((e) => {
      const slot = this.slots.get(e.id);
      if (slot && slot.sched === e.version) this.enqueue({ slot, due: e.due, sched: e.version });
    });
  }

  get size(): number {
    return this.slots.size;
  }

  /** The version of an assignment held, or undefined. */
  versionOf(id: number): number | undefined {
    return this.slots.get(id)?.version;
  }

  /**
   * Applies assignments as read from the central instance. `complete`: the list is everything
   * assigned (monitors not in it are dropped); otherwise `removed` names those to drop. Paused
   * ones are dropped too. New monitors are spread over their interval; a changed one keeps its
   * cadence unless its interval changed.
   */
  apply(monitors: ProbeAssignment[], removed: number[], complete: boolean): void {
    if (this.stopping) return;
    const now = Date.now();
    const listed = new Set<number>();
    const fresh: ProbeSlot[] = [];
    for (const a of monitors) {
      listed.add(a.id);
      if (a.paused || this.opts.unsupportedTypes?.includes(String(a.target.monitor_type))) {
        this.remove(a.id);
        continue;
      }
      const slot = this.slots.get(a.id);
      if (!slot) {
        const created = newSlot(a);
        this.slots.set(a.id, created);
        fresh.push(created);
      } else if (slot.version !== a.version) this.reconfigure(slot, a, now);
    }
    for (const id of removed) this.remove(id);
    if (complete) for (const id of [...this.slots.keys()]) if (!listed.has(id)) this.remove(id);
    const due = initialDueTimes(
      fresh.map((s) => ({
        id: s.id,
        intervalMs: s.intervalMs,
        retryIntervalMs: s.retryIntervalMs,
        lastCheckedAt: null,
        retrying: false,
      })),
      now,
    );
    for (const s of fresh) this.schedule(s, due.get(s.id) ?? now);
  }

  /**
   * Stops scheduling and lets the checks under way finish (their results are reported) for up to
   * `graceMs`; those still running then are aborted and not reported.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.stopping = true;
    this.timer.stop();
    const running = Promise.all([...this.settled]);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([running, grace]);
    clearTimeout(timer);
    this.abortedAtStop = this.settled.size;
    this.aborted = true;
    this.abort.abort();
    await running;
  }

  private reconfigure(slot: ProbeSlot, a: ProbeAssignment, now: number): void {
    const oldInterval = slot.intervalMs;
    Object.assign(slot, config(a));
    slot.version = a.version;
    if (slot.intervalMs !== oldInterval) {
      const last = slot.lastCheckedAt;
      this.schedule(slot, last === null ? now : Math.max(now, last + slot.intervalMs));
    }
  }

  private remove(id: number): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    slot.gone = true;
    slot.sched++;
    slot.waiting = null;
    this.slots.delete(id);
  }

  private schedule(slot: ProbeSlot, due: number): void {
    slot.sched++;
    slot.due = due;
    this.timer.push({ due, id: slot.id, version: slot.sched });
  }

  private enqueue(item: Ready): void {
    this.ready.push(item);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < this.opts.concurrency) {
      const item = this.ready.shift();
      if (!item) break;
      this.launch(item);
    }
  }

  private launch(item: Ready): void {
    const { slot } = item;
    if (slot.gone || this.stopping || item.sched !== slot.sched) return;
    if (slot.running) {
      slot.waiting = { due: item.due, sched: item.sched };
      return;
    }
    this.inFlight++;
    slot.running = true;
    const startedAt = Date.now();
    const done = runCheck(slot.target, this.abort.signal, { localAddress: this.opts.localAddress }).then(
      (outcome) => {
        this.inFlight--;
        slot.running = false;
        this.settled.delete(done);
        if (!this.aborted && !slot.gone) this.finish(item, startedAt, outcome);
        this.pump();
      },
    );
    this.settled.add(done);
  }

  private finish(item: Ready, startedAt: number, outcome: CheckOutcome): void {
    const { slot } = item;
    this.checks++;
    this.report(slot, startedAt, outcome);
    if (this.stopping) return;
    const t = applyResult(slot.state, outcome.status, slot.retryCount);
    slot.state = { status: t.status, failures: t.failures, successes: t.successes };
    const now = Date.now();
    if (item.sched === slot.sched) {
      // The engine's cadence: one interval after the due time, never closer than half an interval
      // to a check that started late; a failure with retries left comes back at the retry interval.
      const next = t.retrying
        ? now + slot.retryIntervalMs
        : Math.max(item.due + slot.intervalMs, startedAt + slot.intervalMs / 2, now);
      this.schedule(slot, next);
    }
    const w = slot.waiting;
    slot.waiting = null;
    if (w && w.sched === slot.sched) this.enqueue({ slot, ...w });
  }

  private report(slot: ProbeSlot, startedAt: number, outcome: CheckOutcome): void {
    // Strictly increasing per monitor, as the central instance stores them.
    const checkedAt = Math.max(startedAt, (slot.lastCheckedAt ?? 0) + 1);
    slot.lastCheckedAt = checkedAt;
    this.opts.onResult({
      monitor_id: slot.id,
      checked_at: checkedAt,
      status: outcome.status,
      response_time_ms: outcome.response_time_ms,
      status_code: outcome.status_code,
      error: outcome.error,
      tls_days_left: outcome.tls_days_left,
      ...(outcome.details && forwardDetails(outcome.details)),
    });
  }
}

function config(a: ProbeAssignment) {
  return {
    target: a.target as unknown as CheckTarget,
    intervalMs: a.check_interval_seconds * 1000,
    retryIntervalMs: a.retry_interval_seconds * 1000,
    retryCount: a.retry_count,
  };
}

function newSlot(a: ProbeAssignment): ProbeSlot {
  return {
    id: a.id,
    version: a.version,
    ...config(a),
    state: { status: 'pending', failures: 0, successes: 0 },
    lastCheckedAt: null,
    sched: 0,
    due: null,
    running: false,
    waiting: null,
    gone: false,
  };
}
