// A run's work tree made from the repository cache: under the mirror's lease, the mirror is brought up
// to date with one incremental fetch, then cloned locally (`git clone` of a local path hard-links the
// objects: no copy, and the work tree no longer needs the mirror once made). The lease is released as
// soon as the clone exists, so the run's long stages never hold it.
import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MetricsDB } from '../../store/schema.js';
import { type CloneOptions, type CloneResult, cloneRepo } from '../repo/clone.js';
import { CloneError } from '../repo/clone-error.js';
import { evictMirrors } from './mirror-budget.js';
import { type MirrorUse, rebuildMirror, refreshMirror, touchMirror } from './mirror-fetch.js';
import { lockMirror } from './mirror-lock.js';
import { mirrorPaths } from './mirror-paths.js';

export type { MirrorUse } from './mirror-fetch.js';

/** Where the cache is and who uses it. */
export interface RepoCache {
  db: Kysely<MetricsDB>;
  /** `$DATA_DIR/repo-cache`. */
  root: string;
  /** REPO_CACHE_MB in bytes (> 0: a cache of 0 is not used at all). */
  budgetBytes: number;
  /** The worker's lease identity (`host|pid|nonce`). */
  owner: string;
  leaseMs: number;
  /** Tells a dead holder of this host, whose lease is taken at once (the worker's `ownerIsGone`). */
  ownerIsGone?: (owner: string) => boolean;
  log: Logger;
}

/** A clone made from the cache, and what happened to the mirror. */
export interface CachedClone extends CloneResult {
  mirror: MirrorUse;
}

// Failures of the local clone that a bad mirror explains (an object missing or unreadable): the
// mirror is rebuilt and the clone made once more. Not the ones about the request or the limits.
const RETRYABLE = new Set(['clone_failed']);

/**
 * Clones `opts.url` at `opts.ref` with its full history through the mirror. The size cap and the
 * timeout cover the fetch and the clone together; `opts.url` must come from `cloneUrlFor`.
 */
export async function cloneThroughCache(
  opts: CloneOptions & { url: string },
  cache: RepoCache,
): Promise<CachedClone> {
  const timeoutMs = opts.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  const signal = opts.signal ?? new AbortController().signal;
  const paths = mirrorPaths(cache.root, opts.url);
  const lockOpts = { ...cache, signal, deadline };
  let lock: Awaited<ReturnType<typeof lockMirror>>;
  try {
    lock = await lockMirror(paths.key, lockOpts);
  } catch {
    throw new CloneError('interrupted', 'the clone was cancelled');
  }
  if (lock === null)
    throw new CloneError(
      'clone_timeout',
      'the clone took longer than the time allowed (waiting for the repository cache)',
    );
  try {
    const work = AbortSignal.any([signal, lock.lost]);
    const fetchOpts = {
      url: opts.url,
      paths,
      maxBytes: (opts.maxSizeMb ?? 500) * 1_000_000,
      deadline,
      signal: work,
    };
    const mirror = await refreshMirror(fetchOpts);
    const local = (): Promise<CloneResult> =>
      cloneRepo({ ...opts, url: paths.dir, shallow: false, timeoutMs: deadline - Date.now(), signal: work });
    let clone: CloneResult;
    try {
      clone = await local();
    } catch (e) {
      if (!(e instanceof CloneError) || !RETRYABLE.has(e.code)) throw e;
      cache.log.warn(
        { err: e.message, mirror: paths.key },
        'clone from the repository cache failed: mirror rebuilt',
      );
      mirror.action = 'rebuilt';
      mirror.reason = 'corrupt';
      mirror.bytes = await rebuildMirror(fetchOpts);
      clone = await local();
    }
    await touchMirror(paths.dir);
    const evicted = await evictMirrors({
      ...lockOpts,
      root: cache.root,
      budgetBytes: cache.budgetBytes,
      keep: paths.key,
    }).catch((e: unknown) => {
      cache.log.warn({ err: e }, 'repository cache not trimmed');
      return [];
    });
    if (evicted.length > 0)
      cache.log.info({ evicted }, 'repository cache: least recently used mirrors removed');
    return { ...clone, mirror };
  } finally {
    await lock.release();
  }
}
