import { runGit } from '../repo/run-git.js';

/** One file of a commit's tree, as `git ls-tree -r -l` lists it. */
export interface TreeEntry {
  path: string;
  /** The blob id: the content's key in the cache. */
  oid: string;
  mode: string;
  size: number;
}

/** A git command in the clone failed (the run fails with `history_failed`). */
export class GitTreeError extends Error {}

/**
 * Every blob of `rev`'s tree by path (submodules and other non-blobs left out), read from the object
 * store: no checkout needed, so a history run lists any commit this way.
 */
export async function listTree(
  dir: string,
  rev: string,
  signal?: AbortSignal,
): Promise<Map<string, TreeEntry>> {
  const out = new Map<string, TreeEntry>();
  let rest = '';
  const take = (entry: string): void => {
    const tab = entry.indexOf('\t');
    if (tab < 0) return;
    const [mode = '', type, oid = '', size = ''] = entry.slice(0, tab).trim().split(/\s+/);
    if (type !== 'blob') return;
    const path = entry.slice(tab + 1);
    out.set(path, { path, oid, mode, size: Number(size) });
  };
  const res = await runGit(['ls-tree', '-r', '-l', '-z', '--full-tree', rev], {
    cwd: dir,
    signal,
    onStdout: (chunk) => {
      const parts = (rest + chunk.toString('utf8')).split('\0');
      rest = parts.pop() ?? '';
      for (const p of parts) take(p);
    },
  });
  if (rest) take(rest);
  signal?.throwIfAborted();
  if (res.code !== 0) throw new GitTreeError(`git ls-tree ${rev} failed: ${res.stderr.trim().slice(0, 200)}`);
  return out;
}

/** The tree id of `rev` (the pylint cache's key: same tree, same files, same results). */
export async function treeId(dir: string, rev: string, signal?: AbortSignal): Promise<string> {
  const res = await runGit(['rev-parse', '--verify', '-q', `${rev}^{tree}`], { cwd: dir, signal });
  signal?.throwIfAborted();
  if (res.code !== 0) throw new GitTreeError(`git rev-parse ${rev}^{tree} failed`);
  return res.stdout.trim();
}
