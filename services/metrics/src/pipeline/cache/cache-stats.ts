/** PylintCacheUse: how a run's pylint results were obtained. */
export type PylintCacheUse = 'hit' | 'miss' | 'off' | 'not_cached';

/**
 * A run's `cache` figures (API record): distinct file contents (git blobs) read from the content
 * cache and measured by pyscan, how pylint's results were obtained, and for a history run the commits
 * it measured besides its own (and how many of those an earlier attempt had stored).
 */
export interface CacheStats {
  blobs_hit: number;
  blobs_measured: number;
  pylint: PylintCacheUse;
  history_commits: number | null;
  history_commits_reused: number | null;
  /**
   * An identical re-run (same commit, settings, pyscan and pylint; `jobs/rerun-key.ts`): the earlier
   * run whose file, class and function rows were copied; null when the rows were written afresh.
   */
  rows_reused_from: number | null;
  /**
   * A full-history run's git pass (issue 38): `incremental` replayed what the pass over `base_commit`
   * (an analysed ancestor) read and walked only the commits since; `full` walked everything, `reason`
   * saying why (`first_analysis`, `not_an_ancestor` after a force-push, `mailmap_changed`,
   * `chain_incomplete` after pruning). Absent or null: no history pass, or no cache.
   */
  git_history?: {
    mode: 'incremental' | 'full';
    base_commit: string | null;
    commits_walked: number;
    commits_reused: number;
    reason: string | null;
  } | null;
  /**
   * pylint's per-file cache (issue 38): files whose result was reused (unchanged, as is every module
   * they import) and files pylint checked; null without pylint or the cache. A tree hit reuses all.
   */
  pylint_files?: { reused: number; linted: number } | null;
  /** The repository cache (issue 38): what the run did to the mirror it cloned from; null without one. */
  repo_cache?: { action: 'created' | 'updated' | 'rebuilt'; reason: string | null; bytes: number } | null;
  /** Stored only (not in the API record): what an identical re-run must match; null: never reused. */
  rerun_key?: string | null;
}
