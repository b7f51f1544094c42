// What a user may do with a run once it exists: cancel it, run it again, delete it.
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import type { HistorySpec } from '../history-runs/history-spec.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import type { Admission } from './admission.js';
import { createAnalysis, getAnalysis } from './analyses-service.js';

const finished = (row: AnalysisRow) => row.status !== 'pending' && row.status !== 'running';

/**
 * Cancels a queued or running run. A running one stops at once when this process works on it; a
 * worker of another instance loses its lease and stops at its next heartbeat. Whatever it had
 * written is removed by the run itself (see runAnalysis): a cancelled run keeps no results.
 */
export async function cancelAnalysis(ctx: AppContext, id: number): Promise<AnalysisRow> {
  const row = await getAnalysis(ctx, id);
  if (finished(row) || !(await analysesRepo.cancel(ctx.db, id, Date.now()))) {
    const now = await getAnalysis(ctx, id);
    throw errors.analysis_finished(
      `analysis ${id} is already ${now.status}: only a queued or running run can be cancelled`,
    );
  }
  ctx.cancelRun(id);
  ctx.events.changed(id);
  ctx.log.info({ analysis: id }, 'analysis cancelled');
  return getAnalysis(ctx, id);
}

/** Queues the same repository, branch, ref and exclusions again as a new run (the old one stays). */
export async function retryAnalysis(
  ctx: AppContext,
  id: number,
  client: { key: string; limiter: RateLimiter | null },
): Promise<Admission> {
  const row = await getAnalysis(ctx, id);
  if (!finished(row)) {
    throw errors.analysis_not_finished(`analysis ${id} is ${row.status}: cancel it or wait for it to end`);
  }
  const settings = JSON.parse(row.settings) as { exclude?: string[]; history_run?: HistorySpec | null };
  const history = settings.history_run
    ? settings.history_run.since
      ? { since: settings.history_run.since, commits: settings.history_run.commits }
      : { commits: settings.history_run.commits }
    : undefined;
  return createAnalysis(
    ctx,
    { repo_url: row.repo_url, branch: row.branch, ref: row.ref, exclude: settings.exclude ?? [], history },
    client,
  );
}

/** Deletes a run, its results and its output files; a queued or running run is cancelled first. */
export async function deleteAnalysis(ctx: AppContext, id: number): Promise<void> {
  const row = await getAnalysis(ctx, id);
  if (!finished(row) && (await analysesRepo.cancel(ctx.db, id, Date.now()))) ctx.cancelRun(id);
  await analysesRepo.remove(ctx.db, id);
  if (row.output_name) await ctx.removeOutputFolder(row.output_name);
  ctx.events.changed(id);
  ctx.log.info({ analysis: id }, 'analysis deleted');
}
