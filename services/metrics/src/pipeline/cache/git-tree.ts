import { runGit } from '../repo/run-git.js';
import { parseTreeEntry, type TreeBlob } from '../repo/tree-blob.js';

export type { TreeBlob as TreeEntry } from '../repo/tree-blob.js';

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
): Promise<Map<string, TreeBlob>> {
  const out = new Map<string, TreeBlob>();
  let rest = '';
  const take = (entry: string): void => {
    const e = parseTreeEntry(entry);
    if (e) out.set(e.path, e);
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
