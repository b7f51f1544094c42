// Creating, updating and checking one bare mirror. Called with the mirror's lease held.
import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CloneError } from '../repo/clone-error.js';
import { isNotFound, mb, redactPaths, repoName } from '../repo/clone-messages.js';
import { dirSizeBytes } from '../repo/dir-size.js';
import { configArgs } from '../repo/git-config-args.js';
import { type GitResult, gitErrorLine, runGit } from '../repo/run-git.js';
import { FETCHING_MARK, type MirrorPaths, URL_FILE, USED_MARK } from './mirror-paths.js';

/** What became of the mirror in this run (the run's `cache.repo_cache`). */
export interface MirrorUse {
  /** `created`: first fetch; `updated`: incremental fetch; `rebuilt`: a bad mirror replaced. */
  action: 'created' | 'updated' | 'rebuilt';
  /** Why it was rebuilt: `interrupted_fetch_corrupt` (a killed fetch left it broken), `corrupt`. */
  reason: string | null;
  /** The mirror's size after the fetch, bytes. */
  bytes: number;
}

export interface FetchOptions {
  url: string;
  paths: MirrorPaths;
  /** MAX_REPO_SIZE_MB in bytes (0 = no cap): the mirror is the repository, so the cap is on it. */
  maxBytes: number;
  deadline: number;
  signal: AbortSignal;
}

const SIZE_POLL_MS = 1000;
const exists = (p: string): Promise<boolean> =>
  access(p).then(
    () => true,
    () => false,
  );

/**
 * Brings the mirror up to date with the remote: created (in a temporary folder renamed into place, so
 * a half-made mirror never has the mirror's name), or checked and fetched into; a mirror that fails
 * the check is rebuilt.
 */
export async function refreshMirror(o: FetchOptions): Promise<MirrorUse> {
  const { dir } = o.paths;
  if (!(await exists(dir))) return { action: 'created', reason: null, bytes: await create(o) };
  // Checked before every use: a mirror a killed fetch left behind, or one damaged on disk since, is
  // rebuilt rather than fetched into (git would fetch around missing objects and keep the bad packs).
  const interrupted = await exists(join(dir, FETCHING_MARK));
  if (interrupted) await removeTempPacks(dir);
  if (!(await connected(o))) {
    const reason = interrupted ? 'interrupted_fetch_corrupt' : 'corrupt';
    return { action: 'rebuilt', reason, bytes: await rebuildMirror(o) };
  }
  // Checked before anything is fetched: a mirror already past the cap (the cap was lowered) fails at once.
  const before = await dirSizeBytes(dir);
  if (o.maxBytes > 0 && before > o.maxBytes) throw tooLarge(before, o.maxBytes, 'takes');
  await writeFile(join(dir, FETCHING_MARK), '');
  // git checks what it receives (index-pack) before it moves a ref: a fetch that fails or is killed
  // leaves the mirror as it was, plus a temporary pack the next use removes.
  await fetch(o, dir);
  await rm(join(dir, FETCHING_MARK), { force: true });
  return { action: 'updated', reason: null, bytes: await dirSizeBytes(dir) };
}

/** Replaces the mirror by a fresh one (a corrupt mirror is never used). */
export async function rebuildMirror(o: FetchOptions): Promise<number> {
  await rm(o.paths.dir, { recursive: true, force: true, maxRetries: 3 });
  return create(o);
}

/** Marks the mirror used now (its least recently used rank). */
export async function touchMirror(dir: string): Promise<void> {
  const now = new Date();
  await utimes(join(dir, USED_MARK), now, now).catch(() => writeFile(join(dir, USED_MARK), ''));
}

async function create(o: FetchOptions): Promise<number> {
  const tmp = `${o.paths.dir}.tmp-${randomBytes(4).toString('hex')}`;
  await mkdir(tmp, { recursive: true });
  try {
    await git(o, tmp, ['init', '-q', '--bare'], true);
    for (const [k, v] of [
      ['remote.origin.url', o.url],
      // git's own housekeeping (repacking the small packs and loose objects incremental fetches
      // leave) runs inside the fetch, under the lease and in its process group, never detached.
      ['gc.autoDetach', 'false'],
      ['maintenance.autoDetach', 'false'],
      ['core.logAllRefUpdates', 'false'],
    ] as const)
      await git(o, tmp, ['config', k, v], true);
    await git(o, tmp, ['config', 'remote.origin.fetch', '+refs/heads/*:refs/heads/*'], true);
    await git(o, tmp, ['config', '--add', 'remote.origin.fetch', '+refs/tags/*:refs/tags/*'], true);
    await writeFile(join(tmp, URL_FILE), `${o.url}\n`);
    await fetch(o, tmp);
    await writeFile(join(tmp, USED_MARK), '');
    await rename(tmp, o.paths.dir);
    return await dirSizeBytes(o.paths.dir);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    throw e;
  }
}

/**
 * `git fetch --prune` of every branch and tag, with the size cap watched while git writes.
 * `--update-shallow`: a remote that is itself shallow makes a shallow mirror (and runs without history,
 * as a clone of it was), instead of a refused fetch.
 */
async function fetch(o: FetchOptions, dir: string): Promise<void> {
  const watch = new AbortController();
  let over = 0;
  let timer: NodeJS.Timeout | undefined;
  if (o.maxBytes > 0) {
    const tick = async (): Promise<void> => {
      const size = await dirSizeBytes(dir);
      if (watch.signal.aborted) return;
      if (size > o.maxBytes) {
        over = size;
        watch.abort();
        return;
      }
      timer = setTimeout(tick, SIZE_POLL_MS);
    };
    timer = setTimeout(tick, SIZE_POLL_MS);
  }
  const signal = AbortSignal.any([o.signal, watch.signal]);
  try {
    const res = await run(
      o,
      dir,
      ['fetch', '-q', '--prune', '--update-shallow', '--no-write-fetch-head', 'origin'],
      signal,
    );
    if (over > 0) throw tooLarge(over, o.maxBytes, 'download passed');
    stopped(res);
    if (res.code !== 0) {
      if (isNotFound(res.stderr))
        throw new CloneError(
          'repo_not_found',
          `repository ${repoName(o.url)} was not found on GitHub, or it is private`,
        );
      throw new CloneError(
        'clone_failed',
        `git fetch failed: ${redactPaths(gitErrorLine(res.stderr), dir, o.url)}`,
      );
    }
    // The default branch as the remote names it now (a bare fetch does not move HEAD).
    const head = await run(o, dir, ['ls-remote', '--symref', 'origin', 'HEAD'], o.signal);
    const m = /^ref: (refs\/heads\/\S+)\tHEAD/m.exec(head.stdout);
    if (m) await git(o, dir, ['symbolic-ref', 'HEAD', m[1]!], true);
    if (o.maxBytes > 0) {
      const size = await dirSizeBytes(dir);
      if (size > o.maxBytes) throw tooLarge(size, o.maxBytes, 'takes');
    }
  } finally {
    watch.abort();
    clearTimeout(timer);
  }
}

// Every reachable commit and tree present and readable, every pack index sound (blobs are not
// inflated: that is the checkout's job, and a bad one found there rebuilds the mirror too, see
// cached-clone.ts).
async function connected(o: FetchOptions): Promise<boolean> {
  const res = await run(
    o,
    o.paths.dir,
    ['fsck', '--connectivity-only', '--no-dangling', '--no-progress'],
    o.signal,
  );
  stopped(res);
  return res.code === 0;
}

// A fetch killed half-way leaves its temporary pack behind: never used, but counted in the size.
async function removeTempPacks(dir: string): Promise<void> {
  const pack = join(dir, 'objects', 'pack');
  for (const name of await readdir(pack).catch(() => [] as string[]))
    if (name.startsWith('tmp_') || name.startsWith('.tmp-')) await rm(join(pack, name), { force: true });
}

function tooLarge(bytes: number, cap: number, verb: 'takes' | 'download passed'): CloneError {
  const capMb = cap / 1_000_000;
  return new CloneError(
    'repo_too_large',
    verb === 'takes'
      ? `the repository takes ${mb(bytes)} MB on disk, over the cap of ${capMb} MB`
      : `the repository's download passed the cap of ${capMb} MB (${mb(bytes)} MB written before it was stopped)`,
  );
}

function stopped(res: GitResult): void {
  if (res.timedOut) throw new CloneError('clone_timeout', 'the clone took longer than the time allowed');
  if (res.aborted) throw new CloneError('interrupted', 'the clone was cancelled');
}

async function run(o: FetchOptions, cwd: string, args: string[], signal: AbortSignal): Promise<GitResult> {
  const remaining = o.deadline - Date.now();
  if (remaining <= 0) throw new CloneError('clone_timeout', 'the clone took longer than the time allowed');
  return runGit([...configArgs(o.url), ...args], { cwd, timeoutMs: remaining, signal });
}

async function git(o: FetchOptions, cwd: string, args: string[], mustPass: boolean): Promise<GitResult> {
  const res = await run(o, cwd, args, o.signal);
  stopped(res);
  if (mustPass && res.code !== 0)
    throw new CloneError(
      'clone_failed',
      `git ${args[0]} failed: ${redactPaths(gitErrorLine(res.stderr), cwd, o.url)}`,
    );
  return res;
}
