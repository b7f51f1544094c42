import { analysesRepo } from '../../../store/repos/analyses-repo.js';
import { cacheRepo } from '../../../store/repos/cache-repo.js';
import { historySegmentsRepo } from '../../../store/repos/history-segments-repo.js';
import { pylintFileCacheRepo } from '../../../store/repos/pylint-file-cache-repo.js';
import { resultsRepo } from '../../../store/repos/results-repo.js';
import type { BlobCache } from '../../cache/blob-cache.js';
import type { CacheStats } from '../../cache/cache-stats.js';
import type { CommitsOutcome } from '../commits-pass.js';
import type { PylintOutcome } from '../lint/lint-stage.js';
import { RunGone } from '../run-gone.js';
import type { RunScope } from '../run-scope.js';
import type { RunOutputs } from './outputs-stage.js';

/** What the generating stage records of the run besides its outputs. */
export interface FinishInput {
  outputs: RunOutputs;
  cache: Pick<BlobCache, 'hits' | 'measured'>;
  pylint: Pick<PylintOutcome, 'use'> & Partial<Pick<PylintOutcome, 'files'>>;
  /** A history run's earlier commits, or null. */
  commits: CommitsOutcome | null;
  /** What the history pass reused, and what the repository cache did (null: not used). */
  gitHistory?: CacheStats['git_history'];
  repoCache?: CacheStats['repo_cache'];
}

/**
 * The generating stage: records the run's cache use, waits for (or makes) its outputs and marks it
 * done. A run cancelled or deleted meanwhile (here or on another instance) keeps nothing it wrote
 * and ends with `RunGone`. Returns the cache use, for the log.
 */
export async function finishStage(run: RunScope, i: FinishInput): Promise<CacheStats> {
  const { db } = run.env.deps;
  const { row } = run;
  const stats: CacheStats = {
    blobs_hit: i.cache.hits,
    blobs_measured: i.cache.measured,
    pylint: i.pylint.use,
    history_commits: i.commits?.commits ?? null,
    history_commits_reused: i.commits?.reused ?? null,
    rows_reused_from: null,
    git_history: i.gitHistory ?? null,
    repo_cache: i.repoCache ?? null,
    pylint_files: i.pylint.files ?? null,
    rerun_key: i.outputs.rerun,
  };
  await analysesRepo.setCacheStats(db, row.id, stats);
  await run.report.stage('generating');
  const { summary, name, rowsFrom } = await i.outputs.result();
  if (rowsFrom !== null) {
    stats.rows_reused_from = rowsFrom;
    await analysesRepo.setCacheStats(db, row.id, stats);
  }
  const marked = await analysesRepo.markDone(db, row.id, run.env.owner, Date.now(), {
    output_name: name,
    summary,
    warnings: run.warnings,
  });
  if (!marked) {
    await i.outputs.files.remove(name);
    await resultsRepo.clear(db, row.id);
    throw new RunGone(row.id);
  }
  return stats;
}

/** A finished run announced: its streams told, the log, and the content cache kept under its cap. */
export async function announceDone(run: RunScope, stats: CacheStats): Promise<void> {
  run.env.deps.events.changed(run.row.id);
  run.log.info(
    { ms: Date.now() - run.startedAt, cache: { ...stats, rerun_key: undefined } },
    'analysis done',
  );
  await pruneCache(run);
}

/** Keeps the content cache under CACHE_MAX_MB, least recently used first; a failure only logs. */
async function pruneCache(run: RunScope): Promise<void> {
  const { config, db, log } = run.env.deps;
  const cap = config.cacheMaxBytes;
  if (cap <= 0) return;
  try {
    const removed = await cacheRepo.prune(db, cap);
    if (removed > 0) log.info({ removed }, 'content cache pruned');
    // The incremental history's segments are a cache of their own, under the same cap.
    const segments = await historySegmentsRepo.prune(db, cap);
    if (segments > 0) log.info({ segments }, 'history segments pruned');
    // So is the per-file pylint cache.
    const pylintFiles = await pylintFileCacheRepo.prune(db, cap);
    if (pylintFiles > 0) log.info({ pylint_files: pylintFiles }, 'pylint file cache pruned');
  } catch (e) {
    log.warn({ err: e }, 'content cache not pruned');
  }
}
