import { cloneUrlFor } from '../../shared-types/repo-validate.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { type CloneResult, cloneRepo, removeScratch } from '../repo/clone.js';
import { cloneThroughCache, type MirrorUse } from '../repo-cache/cached-clone.js';
import type { RunScope } from './run-scope.js';

/** The scratch clone of the run's commit; the caller removes it (`removeScratch`) when the run ends. */
export interface Cloned extends CloneResult {
  /** The URL cloned from (a history run fetches its earlier commits from it too). */
  url: string;
  /** What the repository cache did (null: cloned from the remote, without the cache). */
  mirror: MirrorUse | null;
}

/**
 * Clones the run's ref into a scratch folder and records the commit it resolved to. A run that needs
 * the full history goes through the repository cache (REPO_CACHE_MB > 0): an incremental fetch into
 * the repository's mirror, then a hard-linked local clone. A shallow run clones one commit from the
 * remote as before: a depth-1 clone is already the cheap path, and a mirror would hold the whole
 * history for it.
 */
export async function cloneStage(run: RunScope): Promise<Cloned> {
  const { row, settings } = run;
  const cfg = run.env.deps.config;
  const url = cloneUrlFor(row.owner, row.repo, cfg.githubBaseUrl);
  const opts = {
    url,
    ref: row.ref ?? row.branch,
    // Git history insights diff every commit, which needs the whole history with every content. A
    // history run starts from one commit too: its prefetch fetches the rest it reads.
    shallow: !settings.history,
    timeoutMs: cfg.cloneTimeoutMs,
    maxSizeMb: cfg.maxRepoSizeMb,
    scratchRoot: cfg.scratchDir,
    signal: run.env.signal,
  };
  const { db } = run.env.deps;
  const clone =
    settings.history && cfg.repoCacheBytes > 0
      ? await cloneThroughCache(opts, {
          db,
          root: cfg.repoCacheDir,
          budgetBytes: cfg.repoCacheBytes,
          owner: run.env.owner,
          leaseMs: cfg.leaseMs,
          ...(run.env.ownerIsGone ? { ownerIsGone: run.env.ownerIsGone } : {}),
          log: run.log,
        })
      : { ...(await cloneRepo(opts)), mirror: null };
  try {
    await analysesRepo.setCommit(db, row.id, clone.commitSha, clone.refUsed, clone.commitDate);
  } catch (e) {
    await removeScratch(clone.dir);
    throw e;
  }
  run.log.info(
    { sha: clone.commitSha, ref: clone.refUsed, ms: Date.now() - run.startedAt, mirror: clone.mirror },
    'cloned',
  );
  return { ...clone, url };
}
