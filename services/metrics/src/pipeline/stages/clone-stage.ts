import { cloneUrlFor } from '../../shared-types/repo-validate.js';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { type CloneOptions, type CloneResult, cloneRepo, removeScratch } from '../repo/clone.js';
import { CloneError } from '../repo/clone-error.js';
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
 * Clones the run's ref into a scratch folder and records the commit it resolved to. With the
 * repository cache (REPO_CACHE_MB > 0) every run goes through it: an incremental fetch into the
 * repository's mirror, then a hard-linked local clone, which holds the whole history at the cost of
 * the checkout alone. So a shallow run fetches only what is new since any earlier run of the
 * repository, and a history run reads its earlier commits from that clone instead of fetching them
 * from the remote (its prefetch sees a full clone). Without the cache a shallow run clones one commit.
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
  const clone = await cloneForRun(run, opts);
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

/**
 * Through the repository cache when it is on. A shallow run whose repository's whole history is over
 * MAX_REPO_SIZE_MB (the mirror is the whole repository; its fetch stops at the cap) still gets its one
 * commit from the remote, as without the cache, in the time left.
 */
async function cloneForRun(
  run: RunScope,
  opts: CloneOptions & { url: string },
): Promise<CloneResult & { mirror: MirrorUse | null }> {
  const { config: cfg, db } = run.env.deps;
  if (cfg.repoCacheBytes <= 0) return { ...(await cloneRepo(opts)), mirror: null };
  const started = Date.now();
  try {
    return await cloneThroughCache(opts, {
      db,
      root: cfg.repoCacheDir,
      budgetBytes: cfg.repoCacheBytes,
      owner: run.env.owner,
      leaseMs: cfg.leaseMs,
      ...(run.env.ownerIsGone ? { ownerIsGone: run.env.ownerIsGone } : {}),
      log: run.log,
    });
  } catch (e) {
    if (!opts.shallow || !(e instanceof CloneError) || e.code !== 'repo_too_large') throw e;
    run.log.info(
      { err: e.message },
      'repository over the size cap as a mirror: one commit cloned from the remote',
    );
    const timeoutMs = Math.max(1, (opts.timeoutMs ?? 600_000) - (Date.now() - started));
    return { ...(await cloneRepo({ ...opts, timeoutMs })), mirror: null };
  }
}
