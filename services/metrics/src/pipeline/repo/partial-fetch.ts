// A shallow clone made whole for a history run, as a partial clone: the commits of the history, then
// only the trees and file contents the run reads, each in one request. A full clone of a long history
// brings every version of every folder and file, most of which a history run of 100 commits never
// looks at.
import { CloneError } from './clone-error.js';
import { mb, redactPaths } from './clone-messages.js';
import { dirSizeBytes } from './dir-size.js';
import { configArgs } from './git-config-args.js';
import { type GitResult, gitErrorLine, runGit } from './run-git.js';

/** How a fetch runs: the run's signal, the clone's time allowance and size cap (0: none). */
export interface FetchLimits {
  signal: AbortSignal;
  timeoutMs: number;
  maxSizeMb: number;
}

async function git(
  dir: string,
  url: string,
  args: string[],
  lim: FetchLimits,
  stdin?: string,
): Promise<GitResult> {
  const res = await runGit([...configArgs(url), ...args], {
    cwd: dir,
    signal: lim.signal,
    timeoutMs: lim.timeoutMs,
    ...(stdin === undefined ? {} : { stdin }),
  });
  lim.signal.throwIfAborted();
  if (res.timedOut)
    throw new CloneError('clone_timeout', 'fetching the history took longer than the time allowed');
  return res;
}

async function checkSize(dir: string, lim: FetchLimits): Promise<void> {
  if (lim.maxSizeMb <= 0) return;
  const size = await dirSizeBytes(dir);
  if (size > lim.maxSizeMb * 1_000_000) {
    throw new CloneError(
      'repo_too_large',
      `the repository's history takes ${mb(size)} MB on disk, over the cap of ${lim.maxSizeMb} MB`,
    );
  }
}

/**
 * Turns shallow clone `dir` of `url` (at `sha`) into a partial clone of its whole history: every
 * commit, no tree or file content but the checked-out commit's (git fetches a missing object when it
 * is read; `fetchObjects` fetches many at once). A server that does not filter sends everything:
 * slower, same result. Nothing to do when the clone holds the whole history already.
 */
export async function deepenPartial(dir: string, url: string, sha: string, lim: FetchLimits): Promise<void> {
  // A depth-1 clone of a one-commit history is already whole (git refuses to unshallow it).
  const shallow = await git(dir, url, ['rev-parse', '--is-shallow-repository'], lim);
  if (shallow.stdout.trim() === 'false') return;
  for (const [key, value] of [
    ['remote.origin.promisor', 'true'],
    ['remote.origin.partialclonefilter', 'tree:0'],
  ] as const) {
    const res = await git(dir, url, ['config', key, value], lim);
    if (res.code !== 0)
      throw new CloneError('clone_failed', `git config failed: ${gitErrorLine(res.stderr)}`);
  }
  const res = await git(
    dir,
    url,
    ['fetch', '-q', '--no-tags', '--no-write-fetch-head', '--unshallow', '--filter=tree:0', 'origin', sha],
    lim,
  );
  if (res.code !== 0) {
    throw new CloneError(
      'clone_failed',
      `git could not fetch the history: ${redactPaths(gitErrorLine(res.stderr), dir, url)}`,
    );
  }
  await checkSize(dir, lim);
}

/**
 * Fetches the objects `oids` into partial clone `dir` in one request, trees with every tree inside
 * them, never file contents but those named (what git does for one missing object, for all of them;
 * `noop` negotiation: the wanted objects share no history that could shrink the pack). Throws with
 * git's words when it fails.
 */
export async function fetchObjects(
  dir: string,
  url: string,
  oids: string[],
  lim: FetchLimits,
): Promise<void> {
  if (oids.length === 0) return;
  const res = await git(
    dir,
    url,
    [
      '-c',
      'fetch.negotiationAlgorithm=noop',
      'fetch',
      '-q',
      '--no-tags',
      '--no-write-fetch-head',
      '--recurse-submodules=no',
      '--filter=blob:none',
      '--stdin',
      'origin',
    ],
    lim,
    `${oids.join('\n')}\n`,
  );
  if (res.code !== 0) {
    throw new Error(
      `git fetch of ${oids.length} file contents failed: ${redactPaths(gitErrorLine(res.stderr), dir, url)}`,
    );
  }
  await checkSize(dir, lim);
}
