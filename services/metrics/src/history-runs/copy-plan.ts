import type { FileAnalysis } from '@app/pyscan';
import { cacheable } from '../pipeline/cache/blob-cache.js';
import type { TreeEntry } from '../pipeline/cache/git-tree.js';
import type { CopiedFiles } from '../store/repos/history-runs-repo.js';

/**
 * A stored per-commit run as the next one sees it: its id and each of its files' blob id, null where
 * the file's rows may not be copied (its result said something about that run, e.g. a timeout).
 */
export interface StoredCommit {
  id: number;
  blobs: Map<string, string | null>;
}

/** Which rows of a commit are copied from the previous per-commit run, and which are sent. */
export interface CopyPlan {
  /** Null: every file's rows are sent. */
  copy: CopiedFiles | null;
  /** Indexes (into the commit's files) of the files whose rows are copied. */
  copied: Set<number>;
  /** This commit's blobs, for the commit after it (its `StoredCommit` once stored). */
  blobs: Map<string, string | null>;
}

/**
 * A file's rows are copied when the previous per-commit run has the same path with the same blob and
 * both results may be reused (rows depend on the content and the path only); the others' are sent.
 */
export function planCopy(
  previous: StoredCommit | null,
  files: TreeEntry[],
  analyses: FileAnalysis[],
): CopyPlan {
  const blobs = new Map<string, string | null>();
  const copied = new Set<number>();
  for (const [k, f] of files.entries()) {
    const oid = cacheable(analyses[k]!) ? f.oid : null;
    blobs.set(f.path, oid);
    if (oid !== null && previous?.blobs.get(f.path) === oid) copied.add(k);
  }
  if (!previous || copied.size === 0) return { copy: null, copied, blobs };
  const paths = [...copied].map((k) => files[k]!.path);
  return { copy: { fromId: previous.id, paths }, copied, blobs };
}
