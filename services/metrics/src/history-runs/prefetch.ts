import { CloneError } from '../pipeline/repo/clone-error.js';
import { deepenPartial, type FetchLimits, fetchObjects } from '../pipeline/repo/partial-fetch.js';
import { runGit } from '../pipeline/repo/run-git.js';
import { BlobReader } from './blob-reader.js';
import { type CommitFileRules, commitFiles } from './commit-files.js';
import type { HistorySpec } from './history-spec.js';
import { type LineCommit, selectCommits } from './select-commits.js';
import { TreeLister } from './tree-lister.js';

/** The picked commits, and how their contents came. */
export interface Prefetched {
  commits: LineCommit[];
  /** Contents fetched in one request. */
  fetched: number;
  /** Why a request failed (the objects are then fetched one at a time as they are read). */
  fetchError: string | null;
}

/**
 * Readies the clone for a history run while the analysed commit is measured. A shallow clone (the
 * analysed commit only) becomes a partial clone of the history's commits (`deepenPartial`); the
 * commits are picked; their trees come in one request, then the contents of every Python file they
 * hold but the analysed commit's (already there) in another: every one, cached or not, because the
 * size rule reads a blob's size, which in a partial clone costs a fetch of its own. No other file is
 * fetched, nor any version between the picked commits. A failure to read the history fails the run; a
 * failed request only makes the run slower.
 */
export async function prefetchHistory(i: {
  dir: string;
  url: string;
  sha: string;
  shallow: boolean;
  spec: HistorySpec;
  rules: CommitFileRules;
  limits: FetchLimits;
}): Promise<Prefetched> {
  const { signal } = i.limits;
  if (!i.shallow)
    return { commits: await selectCommits(i.dir, i.spec, signal), fetched: 0, fetchError: null };
  await deepenPartial(i.dir, i.url, i.sha, i.limits);
  const commits = await selectCommits(i.dir, i.spec, signal);
  try {
    await fetchObjects(i.dir, i.url, await rootTrees(i.dir, commits, signal), i.limits);
    const want = await pythonContents(i.dir, i.sha, commits, i.rules, signal);
    await fetchObjects(i.dir, i.url, want, i.limits);
    return { commits, fetched: want.length, fetchError: null };
  } catch (e) {
    signal.throwIfAborted();
    if (e instanceof CloneError) throw e;
    return { commits, fetched: 0, fetchError: e instanceof Error ? e.message : String(e) };
  }
}

/** The root tree ids of `commits` (their commit objects are in the clone). */
async function rootTrees(dir: string, commits: LineCommit[], signal: AbortSignal): Promise<string[]> {
  if (commits.length === 0) return [];
  const res = await runGit(['log', '--no-walk=unsorted', '--format=%T', ...commits.map((c) => c.sha)], {
    cwd: dir,
    signal,
  });
  if (res.code !== 0) throw new Error(`git log failed: ${res.stderr.trim().slice(0, 200)}`);
  return [...new Set(res.stdout.split('\n').filter(Boolean))];
}

/** The Python contents of `commits` that `head` does not hold (listed without sizes: trees only are read). */
async function pythonContents(
  dir: string,
  head: string,
  commits: LineCommit[],
  rules: CommitFileRules,
  signal: AbortSignal,
): Promise<string[]> {
  const reader = new BlobReader(dir, signal);
  const want = new Set<string>();
  try {
    const lister = new TreeLister(reader, null);
    const unsized = { ...rules, maxFileBytes: Number.POSITIVE_INFINITY };
    const have = new Set(commitFiles(await lister.list(head), unsized).map((f) => f.oid));
    for (const c of commits) {
      for (const f of commitFiles(await lister.list(c.sha), unsized)) if (!have.has(f.oid)) want.add(f.oid);
    }
  } finally {
    reader.close();
  }
  return [...want];
}
