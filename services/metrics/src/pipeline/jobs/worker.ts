import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type AnalyzerPool, createAnalyzerPool } from '@app/pyscan';
import { type AnalysisRow, analysesRepo, requeueRun } from '../../store/repos/analyses-repo.js';
import { historyRunsRepo } from '../../store/repos/history-runs-repo.js';
import { ChildGroups, withChildGroups } from '../process/child-groups.js';
import type { RunDeps } from '../stages/run-env.js';
import { failureOf } from './failure.js';
import { newLeaseOwner, ownerIsGone, releaseLeaseOwner } from './lease-owner.js';
import { RunGone, type RunPorts, runAnalysis } from './run-analysis.js';

/** What the worker uses of the process (the composition root's context satisfies it). */
export interface WorkerDeps extends RunDeps {
  /** Wakes this instance's worker (and, through the relay, the others'). */
  wakeWorker(): void;
}

interface Active {
  abort: AbortController;
  done: Promise<void>;
}

const SHUTDOWN = 'shutdown';
const LEASE_LOST = 'lease_lost';
const CANCELLED = 'cancelled';
// A run whose worker died is queued again (the next worker starts from the clone), unless it has
// been started this often already: then the run itself is the likely reason and it fails.
export const MAX_STARTS = 3;

/**
 * Runs queued analyses, at most `WORKER_CONCURRENCY` at once. A run is owned through a lease in the
 * database, renewed while it works; runs whose worker died are failed as `interrupted`, and a
 * graceful stop puts its runs back in the queue for the next start.
 */
export class Worker {
  readonly owner = newLeaseOwner();
  private readonly active = new Map<number, Active>();
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private started = false;
  private ticking: Promise<void> | undefined;
  private again = false;
  private poolPromise: Promise<AnalyzerPool> | undefined;
  private readonly children: ChildGroups;

  constructor(
    private readonly ctx: WorkerDeps,
    /** What runs reach above the pipeline through (output files, history runs). */
    private readonly ports: RunPorts,
  ) {
    this.children = new ChildGroups(join(ctx.config.dataDir, 'child-groups'), this.owner);
  }

  /** Recovers what an earlier process left behind, then starts polling. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const c = this.ctx.config;
    // Worker threads load the parser once; doing it now keeps that off the first run's clock.
    this.pool().catch((e: unknown) => this.ctx.log.error({ err: e }, 'pyscan pool did not start'));
    void this.recover()
      .catch((e: unknown) => this.ctx.log.error({ err: e }, 'recovery failed'))
      .then(() => {
        if (this.stopped) return;
        this.pollTimer = setInterval(() => this.wake(), c.pollIntervalMs);
        this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(500, c.leaseMs / 3));
        this.sweepTimer = setInterval(() => void this.sweep(), Math.max(1000, c.leaseMs / 2));
        this.wake();
      });
  }

  /** Started and not stopping (readiness). */
  get accepting(): boolean {
    return this.started && !this.stopped;
  }

  /** Looks for queued work now. */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((e: unknown) => this.ctx.log.error({ err: e }, 'worker tick failed'))
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops the run `id` if this worker has it (the database already says it is cancelled). */
  cancel(id: number): void {
    this.active.get(id)?.abort.abort(CANCELLED);
  }

  /** Stops claiming, hands running analyses back to the queue, and closes the pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.sweepTimer);
    await this.ticking;
    for (const a of this.active.values()) a.abort.abort(SHUTDOWN);
    await Promise.all([...this.active.values()].map((a) => a.done));
    if (this.poolPromise) await (await this.poolPromise.catch(() => undefined))?.close();
    releaseLeaseOwner(this.owner);
  }

  private async tick(): Promise<void> {
    const c = this.ctx.config;
    while (!this.stopped && this.active.size < c.workerConcurrency) {
      const now = Date.now();
      const row = await analysesRepo.claimNext(this.ctx.db, this.owner, now, now + c.leaseMs);
      if (!row) return;
      this.ctx.events.changed(row.id);
      this.launch(row);
    }
  }

  private launch(row: AnalysisRow): void {
    const abort = new AbortController();
    const done = withChildGroups(this.children, () =>
      runAnalysis(
        { deps: this.ctx, owner: this.owner, ownerIsGone, signal: abort.signal, pool: () => this.pool() },
        row,
        this.ports,
      ),
    )
      .catch((e: unknown) => this.onFailure(row, abort.signal, e))
      .finally(() => {
        this.active.delete(row.id);
        this.wake();
      });
    this.active.set(row.id, { abort, done });
  }

  private async onFailure(row: AnalysisRow, signal: AbortSignal, err: unknown): Promise<void> {
    const log = this.ctx.log.child({ analysis: row.id });
    if (signal.aborted && signal.reason === SHUTDOWN) {
      await requeueRun(this.ctx.db, row.id, this.owner);
      log.info('analysis handed back to the queue at shutdown');
      // Another instance's worker takes it now rather than at its next poll.
      this.ctx.wakeWorker();
    } else if (signal.aborted && signal.reason === LEASE_LOST) {
      log.warn('analysis abandoned: it was cancelled, deleted or taken over');
      await this.dropChildren(row.id);
      return;
    } else if ((signal.aborted && signal.reason === CANCELLED) || err instanceof RunGone) {
      log.info('analysis stopped: it was cancelled or deleted');
    } else {
      const f = failureOf(err);
      if (f.expected) log.warn({ code: f.code }, f.message);
      else log.error({ err }, 'analysis failed');
      await analysesRepo.markFailed(this.ctx.db, row.id, this.owner, Date.now(), f.code, f.message);
    }
    await this.dropChildren(row.id);
    this.ctx.events.changed(row.id);
  }

  /**
   * A history run that failed or was cancelled keeps none of its per-commit runs (each was stored
   * whole; a run handed back at shutdown keeps them and goes on from there).
   */
  private async dropChildren(id: number): Promise<void> {
    try {
      const n = await historyRunsRepo.dropChildrenOfUnfinished(this.ctx.db, id);
      if (n > 0)
        this.ctx.log.info(
          { analysis: id, children: n },
          'per-commit runs of an unfinished history run removed',
        );
    } catch (e) {
      this.ctx.log.warn({ err: e, analysis: id }, 'per-commit runs not removed');
    }
  }

  private pool(): Promise<AnalyzerPool> {
    this.poolPromise ??= createAnalyzerPool({
      threads: this.ctx.config.analysisThreads,
      maxFileSeconds: this.ctx.config.maxFileSeconds,
    });
    // A pool that failed to start is retried by the next run instead of failing every run after it.
    this.poolPromise.catch(() => {
      this.poolPromise = undefined;
    });
    return this.poolPromise;
  }

  private async heartbeat(): Promise<void> {
    const now = Date.now();
    for (const [id, a] of this.active) {
      try {
        const ok = await analysesRepo.renewLease(
          this.ctx.db,
          id,
          this.owner,
          now,
          now + this.ctx.config.leaseMs,
        );
        if (!ok) a.abort.abort(LEASE_LOST);
      } catch (e) {
        this.ctx.log.warn({ err: e, analysis: id }, 'lease not renewed');
      }
    }
  }

  /**
   * Takes over runs whose worker is gone (a dead process of this host at start, any other once its
   * lease ran out): each goes back to the queue and is analysed again from the clone, or fails as
   * `interrupted` after MAX_STARTS starts. The conditional update lets one sweeper win.
   */
  private async sweep(atStart = false): Promise<void> {
    const now = Date.now();
    const expired = await analysesRepo.expiredRuns(this.ctx.db, now);
    const local = atStart ? await analysesRepo.runningRuns(this.ctx.db) : [];
    const dead = [...expired, ...local.filter((r) => ownerIsGone(r.lease_owner))];
    const seen = new Set<number>();
    let requeued = false;
    for (const r of dead) {
      if (seen.has(r.id) || this.active.has(r.id)) continue;
      seen.add(r.id);
      const log = this.ctx.log.child({ analysis: r.id, stage: r.stage, owner: r.lease_owner });
      if (r.lease_owner !== null && r.attempts < MAX_STARTS) {
        if (!(await requeueRun(this.ctx.db, r.id, r.lease_owner))) continue;
        log.warn('analysis taken over: its worker stopped renewing the lease; queued again');
        requeued = true;
      } else {
        const starts = r.attempts > 1 ? ` (started ${r.attempts} times)` : '';
        await analysesRepo.markFailed(
          this.ctx.db,
          r.id,
          r.lease_owner,
          now,
          'interrupted',
          `the service stopped while the analysis was in stage ${r.stage}${starts}`,
        );
        log.warn('analysis interrupted by a stop of the service');
        await this.dropChildren(r.id);
      }
      this.ctx.events.changed(r.id);
    }
    if (requeued) this.ctx.wakeWorker();
  }

  private async recover(): Promise<void> {
    // Scratch clones and half-written outputs of a process that died are of no use to anyone; they go
    // before the runs are marked, so a failed run never has a clone left behind.
    const c = this.ctx.config;
    // git and pylint run in their own process groups, which a `kill -9` of the service does not reach:
    // stop the predecessor's before removing the folders they write in.
    for (const g of this.children.reapOrphans(ownerIsGone)) {
      this.ctx.log.warn(
        { pgid: g.pgid, what: g.what },
        'killed a child process group left by a dead process',
      );
    }
    for (const dir of [c.scratchDir, c.outputsDir]) {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (name.startsWith('metrics-clone-') || name.endsWith('.partial')) {
          await rm(join(dir, name), { recursive: true, force: true });
        }
      }
    }
    // Mirrors half-made by a dead process (created under a temporary name, renamed when whole). Past
    // the clone timeout no live worker can still be making one, whichever instance shares the folder.
    const stale = Date.now() - c.cloneTimeoutMs;
    for (const name of await readdir(c.repoCacheDir).catch(() => [] as string[])) {
      if (!name.includes('.git.tmp-')) continue;
      const at = await stat(join(c.repoCacheDir, name)).then(
        (st) => st.mtimeMs,
        () => Number.POSITIVE_INFINITY,
      );
      if (at < stale) await rm(join(c.repoCacheDir, name), { recursive: true, force: true });
    }
    await this.sweep(true);
  }
}
