import { healthRepo } from '../../../store/repos/health-repo.js';
import { RerunCopyGone } from '../../../store/repos/rerun-repo.js';
import { resultsRepo } from '../../../store/repos/results-repo.js';
import { identicalRun } from '../identical-run.js';
import type { Linted } from '../lint/lint-stage.js';
import type { RunScope } from '../run-scope.js';
import type { OutputFiles } from './output-files.js';
import { copiedCounts, nameParts, type OutputsInput, runResults } from './run-results.js';

export type { OutputsInput };

/** This commit's outputs, written with its rows. */
export interface Generated {
  summary: Record<string, unknown>;
  name: string;
  /** The earlier identical run whose rows were copied, or null. */
  rowsFrom: number | null;
}

/**
 * The run's results built, its output files written and its rows stored: started early by a history
 * run (this commit's outputs do not depend on the earlier commits), else by the generating stage.
 * Whatever a run that does not finish wrote is discarded.
 */
export class RunOutputs {
  private generated: Promise<Generated> | null = null;
  // Named before the first byte is written: a run deleted while writing may see that write fail
  // (its rows refuse a run that is gone) after the folder and ZIP are already on disk.
  private written: string | null = null;

  private constructor(
    private readonly run: RunScope,
    readonly files: OutputFiles,
    private readonly i: OutputsInput,
    /** The identical re-run key (`rerun-key.ts`), or null. */
    readonly rerun: string | null,
    private readonly sameAs: number | null,
  ) {}

  /**
   * Keys the run for identical re-runs and finds the earlier one whose rows it may copy (known
   * already when the lint stage found it).
   */
  static async prepare(run: RunScope, files: OutputFiles, i: OutputsInput): Promise<RunOutputs> {
    const same =
      i.linted.identical ??
      (await identicalRun(
        run,
        {
          clone: i.clone,
          analyses: i.measured.analyses,
          pyscan: i.measured.pyscan,
          pylintKey: i.linted.pylint.key,
        },
        false,
      ));
    return new RunOutputs(run, files, i, same.key, same.sameAs);
  }

  /** Starts making the outputs now (a history run's commits are stored meanwhile). */
  start(): void {
    this.generated ??= this.generate();
    this.generated.catch(() => {});
  }

  /** The outputs, made now unless started earlier. */
  result(): Promise<Generated> {
    this.generated ??= this.generate();
    return this.generated;
  }

  /**
   * Outputs a failed, cancelled or deleted run made or began: nobody's, so they go (the rows with
   * them), whether their writing succeeded or not. The writer is waited for first, so nothing it
   * writes lands after the removal.
   */
  async discard(): Promise<void> {
    await this.generated?.catch(() => {});
    const name = this.written;
    if (name === null) return;
    try {
      await this.files.remove(name);
      await resultsRepo.clear(this.run.env.deps.db, this.run.row.id);
    } catch (e) {
      this.run.env.deps.log.warn(
        { err: e, analysis: this.run.row.id },
        'outputs of a failed run not removed',
      );
    }
  }

  private async generate(): Promise<Generated> {
    const { run, i } = this;
    // The earlier run's clone groups, sources and findings are copied with its rows.
    const copying = i.linted.identical?.kept ? this.sameAs : null;
    if (copying === null) return this.write(i.linted, null);
    try {
      return await this.write(i.linted, copying);
    } catch (e) {
      if (!(e instanceof RerunCopyGone)) throw e;
      // Deleted meanwhile: made from the clone after all, and everything written again.
      run.log.warn({ err: e }, 'identical re-run: rows not copied');
      return this.write({ ...i.linted, ...(await i.linted.remake()) }, null);
    }
  }

  /** Builds the results, writes the output files and stores the rows (copying from `copying`). */
  private async write(linted: Linted, copying: number | null): Promise<Generated> {
    const { run, i } = this;
    const { row } = run;
    const results = runResults(run, i, linted);
    const name = this.files.name(nameParts(run, i.clone));
    run.env.signal.throwIfAborted();
    this.written = name;
    const outputs = await this.files.write(name, results);
    const code = copying === null ? null : copiedCounts(results);
    const copied = await resultsRepo.replace(run.env.deps.db, row.id, results.db, outputs, this.sameAs, code);
    await healthRepo.put(run.env.deps.db, row.id, JSON.stringify(results.health));
    return { summary: results.summary, name, rowsFrom: copied ? this.sameAs : null };
  }
}
