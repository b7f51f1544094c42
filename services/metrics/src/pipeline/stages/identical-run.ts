import type { FileAnalysis } from '@app/pyscan';
import { type KeptDuplication, rerunRepo } from '../../store/repos/rerun-repo.js';
import type { Cloned } from './clone-stage.js';
import { findIdenticalRun, rerunKey } from './rerun-key.js';
import type { RunScope } from './run-scope.js';

/** A run's identical re-run key, the earlier run it matches, and what that run kept of its duplication. */
export interface IdenticalRun {
  key: string | null;
  sameAs: number | null;
  /** Non-null: the earlier run's clone groups, sources and findings are copied rather than made again. */
  kept: KeptDuplication | null;
}

/** What the key is made of besides the run's settings. */
export interface IdenticalInput {
  clone: Pick<Cloned, 'commitSha' | 'treeSha'>;
  analyses: FileAnalysis[];
  pyscan: string;
  /** pylint's cache key as JSON; 'off'; null when uncached. */
  pylintKey: string | null;
}

/**
 * Keys the run for identical re-runs (`rerun-key.ts`) and finds the latest finished run of the same
 * commit with the same key; `withKept` also reads what it kept of its duplication (null when it is gone).
 */
export async function identicalRun(
  run: RunScope,
  i: IdenticalInput,
  withKept: boolean,
): Promise<IdenticalRun> {
  const { config, db } = run.env.deps;
  const key = rerunKey(
    {
      commitSha: i.clone.commitSha,
      treeSha: i.clone.treeSha,
      settings: run.settings,
      pyscanVersion: i.pyscan,
      pylint: i.pylintKey,
      analyses: i.analyses,
    },
    config,
  );
  const sameAs = await findIdenticalRun(db, run.row.repo_url, i.clone.commitSha, run.row.id, key);
  const kept = withKept && sameAs !== null ? await rerunRepo.keptDuplication(db, sameAs) : null;
  return { key, sameAs, kept };
}
