// What a user may do with a run once it exists: cancel it, run it again, delete it.
import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { errors } from '../errors.js';
import type { HistorySpec } from '../history-runs/history-spec.js';
import type { AnalysisEvents } from '../platform/events/analysis-events.js';
import { getAnalysis } from '../platform/http/get-analysis.js';
import type { RateLimiter } from '../platform/http/rate-limiter.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import type { MetricsDB } from '../store/schema.js';
import type { Admission } from './admission.js';
import { type CreateAnalysisDeps, createAnalysis } from './analyses-service.js';

/** What cancelling and deleting a run touch besides its row: the worker running it, listeners, its outputs. */
export interface RunActionsDeps {
  db: Kysely<MetricsDB>;
  log: Logger;
  events: Pick<AnalysisEvents, 'changed'>;
  /** Stops the run at once on whichever instance's worker has it. */
  cancelRun(id: number): void;
  /** Removes a deleted run's output folder on every instance that has it. */
  removeOutputFolder(name: string): Promise<void>;
}

const finished = (row: AnalysisRow) => row.status !== 'pending' && row.status !== 'running';

/**
 * Cancels a queued or running run. A running one stops at once when this process works on it; a
 * worker of another instance loses its lease and stops at its next heartbeat. Whatever it had
 * written is removed by the run itself (see runAnalysis): a cancelled run keeps no results.
 */
export async function cancelAnalysis(deps: RunActionsDeps, id: number): Promise<AnalysisRow> {
  const row = await getAnalysis(deps, id);
  if (finished(row) || !(await analysesRepo.cancel(deps.db, id, Date.now()))) {
    const now = await getAnalysis(deps, id);
    throw errors.analysis_finished(
      `analysis ${id} is already ${now.status}: only a queued or running run can be cancelled`,
    );
  }
  deps.cancelRun(id);
  deps.events.changed(id);
  deps.log.info({ analysis: id }, 'analysis cancelled');
  return getAnalysis(deps, id);
}

/** Queues the same repository, branch, ref and exclusions again as a new run (the old one stays). */
export async function retryAnalysis(
  deps: CreateAnalysisDeps,
  id: number,
  client: { key: string; limiter: RateLimiter | null },
): Promise<Admission> {
  const row = await getAnalysis(deps, id);
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
    deps,
    { repo_url: row.repo_url, branch: row.branch, ref: row.ref, exclude: settings.exclude ?? [], history },
    client,
  );
}

/** Deletes a run, its results and its output files; a queued or running run is cancelled first. */
export async function deleteAnalysis(deps: RunActionsDeps, id: number): Promise<void> {
  const row = await getAnalysis(deps, id);
  if (!finished(row) && (await analysesRepo.cancel(deps.db, id, Date.now()))) deps.cancelRun(id);
  // The name as the delete found it: a run that finished between the read above and the delete
  // has a folder the read did not know of (one still writing removes its own, see runAnalysis).
  const outputName = await analysesRepo.remove(deps.db, id);
  if (outputName) await deps.removeOutputFolder(outputName);
  deps.events.changed(id);
  deps.log.info({ analysis: id }, 'analysis deleted');
}
