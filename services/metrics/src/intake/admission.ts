import type { Kysely } from 'kysely';
import type { MetricsConfig } from '../config.js';
import { errors } from '../errors.js';
import { type HistorySpec, sameHistory } from '../history-runs/history-spec.js';
import { sameExclude } from '../pipeline/exclusions/request-globs.js';
import type { RateLimiter } from '../platform/http/rate-limiter.js';
import { type AnalysisRow, analysesRepo, type NewAnalysis } from '../store/repos/analyses-repo.js';
import type { MetricsDB } from '../store/schema.js';

/** What a client waits for after a full queue: about the time a small run takes. */
export const QUEUE_FULL_RETRY_S = 30;

/** The outcome of a request to analyse: a new run, or the identical one already queued or running. */
export interface Admission {
  row: AnalysisRow;
  created: boolean;
}

/** What admitting a run reads: the queue and the limits. */
export interface AdmissionDeps {
  db: Kysely<MetricsDB>;
  config: Pick<MetricsConfig, 'runsPerMinutePerClient' | 'maxQueuedRuns'>;
}

/**
 * Admits a validated request: an identical pending run is returned as it is (it costs the client
 * nothing); a new one must pass the client's rate limit and the queue cap first.
 */
export async function admitAnalysis(
  deps: AdmissionDeps,
  run: NewAnalysis,
  client: { key: string; limiter: RateLimiter | null },
): Promise<Admission> {
  const existing = await analysesRepo.findPending(deps.db, run.repo_url, run.branch, run.ref);
  if (existing) return { row: checkSameExclude(existing, run), created: false };
  // Taken now, in one synchronous step, so parallel requests cannot all see the same last token;
  // given back below when the request ends up queueing nothing.
  const verdict = client.limiter?.take(client.key) ?? { ok: true };
  if (!verdict.ok) {
    throw errors.rate_limited(
      `at most ${deps.config.runsPerMinutePerClient} new analyses per minute per client: retry in ${verdict.retryAfterS} s`,
      { headers: { 'retry-after': String(verdict.retryAfterS) } },
    );
  }
  const cap = deps.config.maxQueuedRuns;
  // A soft cap: requests in flight at the same moment may each see room for one more.
  if (cap > 0 && (await analysesRepo.countQueued(deps.db)) >= cap) {
    client.limiter?.refund(client.key);
    throw errors.queue_full(`${cap} analyses are already queued: retry in ${QUEUE_FULL_RETRY_S} s`, {
      headers: { 'retry-after': String(QUEUE_FULL_RETRY_S) },
    });
  }
  // Only a run that is really queued costs the client a token (not one refused by the cap, nor an
  // identical run another request queued a moment ago).
  const admitted = await analysesRepo.insertUnlessPending(deps.db, run);
  if (!admitted.created) {
    client.limiter?.refund(client.key);
    checkSameExclude(admitted.row, run);
  }
  return admitted;
}

/**
 * One run per repository, branch and ref may be queued (a database rule), so a request that differs
 * only in its exclusions cannot reuse the queued run (its results would not be what was asked for)
 * and cannot queue beside it: it is refused until that run ends.
 */
function checkSameExclude(existing: AnalysisRow, run: NewAnalysis): AnalysisRow {
  const parsed = JSON.parse(existing.settings) as {
    exclude?: string[];
    history?: boolean;
    history_run?: HistorySpec | null;
    contracts?: unknown;
  };
  const theirs = parsed.exclude ?? [];
  const ours = (run.settings.exclude as string[] | undefined) ?? [];
  if (
    !sameHistory(parsed.history_run, run.settings.history_run as HistorySpec | null | undefined) ||
    (parsed.history ?? null) !== ((run.settings.history as boolean | undefined) ?? null)
  ) {
    throw errors.analysis_pending(
      `analysis ${existing.id} of this repository, branch and ref is already ${existing.status} with another history request (history ${parsed.history ?? false}, history_run ${JSON.stringify(parsed.history_run ?? null)}): retry when it has finished`,
    );
  }
  if (JSON.stringify(parsed.contracts ?? null) !== JSON.stringify(run.settings.contracts ?? null)) {
    throw errors.analysis_pending(
      `analysis ${existing.id} of this repository, branch and ref is already ${existing.status} with other import contracts: retry when it has finished`,
    );
  }
  if (!sameExclude(theirs, ours)) {
    throw errors.analysis_pending(
      `analysis ${existing.id} of this repository, branch and ref is already ${existing.status} with other exclusions (${JSON.stringify(theirs)}): retry when it has finished`,
    );
  }
  return existing;
}
