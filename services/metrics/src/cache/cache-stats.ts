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
}
