import { createHash } from 'node:crypto';
import type { FileAnalysis } from '@app/pyscan';
import type { Kysely } from 'kysely';
import type { MetricsConfig } from '../../config.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { cacheable } from '../cache/blob-cache.js';
import type { CacheStats } from '../cache/cache-stats.js';

export interface RerunKeyInput {
  commitSha: string;
  treeSha: string;
  /** The run's settings once the repository's own configuration is in them. */
  settings: unknown;
  pyscanVersion: string;
  /** pylint's cache key (version and options) as JSON; 'off' when disabled; null when uncached. */
  pylint: string | null;
  analyses: FileAnalysis[];
}

/**
 * What an identical re-run must match for its file, class and function rows to be copied from an
 * earlier run: the commit and tree, the settings (exclusions, pylint on/off, history…), pyscan's
 * version, pylint's version and options, and the limits that shape the rows. Null when the rows
 * may differ from one run to the next (pylint uncached, or a file timed out or failed transiently).
 */
export function rerunKey(i: RerunKeyInput, cfg: MetricsConfig): string | null {
  if (i.pylint === null || !i.analyses.every(cacheable)) return null;
  const parts = {
    commit: i.commitSha,
    tree: i.treeSha,
    settings: i.settings,
    pyscan: i.pyscanVersion,
    pylint: i.pylint,
    // The sources' caps too: an identical re-run copies the earlier run's stored sources.
    limits: [
      cfg.maxFileSizeBytes,
      cfg.duplicationMinTokens,
      cfg.duplicationMinLines,
      cfg.sourceMaxFileBytes,
      cfg.sourceMaxRunBytes,
    ],
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The latest finished run of the same commit with the same key, or null. */
export async function findIdenticalRun(
  db: Kysely<MetricsDB>,
  repoUrl: string,
  commitSha: string,
  id: number,
  key: string | null,
): Promise<number | null> {
  if (key === null) return null;
  for (const r of await analysesRepo.finishedOfCommit(db, repoUrl, commitSha, id)) {
    const stats = r.cache_stats ? (JSON.parse(r.cache_stats) as CacheStats) : null;
    if (stats?.rerun_key === key) return r.id;
  }
  return null;
}
