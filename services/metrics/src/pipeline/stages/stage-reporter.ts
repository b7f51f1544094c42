import type { CommitTick } from '../../platform/events/analysis-events.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import type { Stage } from '../../store/schema.js';
import type { RunDeps } from './run-env.js';

// Stored progress is for late joiners and other processes; live streams here get every tick.
const PROGRESS_WRITE_MS = 500;

/** Records a run's stages and progress in the database and tells this process's streams at once. */
export class StageReporter {
  private lastWrite = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: Pick<RunDeps, 'db' | 'events' | 'log'>,
    private readonly id: number,
    private readonly owner: string,
  ) {}

  /** Enters `stage`. */
  async stage(stage: Stage): Promise<void> {
    await this.pending;
    await analysesRepo.enterStage(this.ctx.db, this.id, this.owner, stage, Date.now());
    this.ctx.events.changed(this.id);
  }

  /** A progress tick; stored at most every PROGRESS_WRITE_MS, and always when done === total. */
  progress(done: number, total: number): void {
    this.ctx.events.progress(this.id, { done, total });
    const now = Date.now();
    if (done !== total && now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.store(done, total);
  }

  private store(done: number, total: number): void {
    this.lastWrite = Date.now();
    this.pending = this.pending
      .then(() => analysesRepo.setProgress(this.ctx.db, this.id, done, total))
      .catch((e: unknown) => this.ctx.log.warn({ err: e, analysis: this.id }, 'progress not stored'));
  }

  /** A history run's commit is stored: a `commit` event live, and the count as progress. */
  commit(done: number, total: number, commit: CommitTick): void {
    this.ctx.events.progress(this.id, { done, total, commit });
    this.store(done, total);
  }

  /** Waits for queued progress writes. */
  async flush(): Promise<void> {
    await this.pending;
  }
}
