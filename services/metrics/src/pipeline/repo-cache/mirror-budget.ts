// REPO_CACHE_MB: the mirrors of one DATA_DIR kept under a size budget, least recently used removed
// first. A mirror is removed only with its lease taken (never one a worker fetches into or clones
// from), and never the one the caller holds. Work trees made from a mirror are hard links: removing
// the mirror does not touch them.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dirSizeBytes } from '../repo/dir-size.js';
import { type LockOptions, tryLockMirror } from './mirror-lock.js';
import { USED_MARK } from './mirror-paths.js';

export interface EvictOptions extends LockOptions {
  root: string;
  budgetBytes: number;
  /** The caller's mirror key: kept whatever its size. */
  keep: string;
}

/** Removes the least recently used mirrors until the folder fits the budget; returns their keys. */
export async function evictMirrors(o: EvictOptions): Promise<string[]> {
  const names = (await readdir(o.root).catch(() => [] as string[])).filter((n) =>
    /^[0-9a-f]{32}\.git$/.test(n),
  );
  const mirrors = await Promise.all(
    names.map(async (name) => {
      const dir = join(o.root, name);
      const used = await stat(join(dir, USED_MARK)).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      return { key: name.slice(0, 32), dir, used, bytes: await dirSizeBytes(dir) };
    }),
  );
  let total = mirrors.reduce((n, m) => n + m.bytes, 0);
  const removed: string[] = [];
  for (const m of mirrors.sort((a, b) => a.used - b.used)) {
    if (total <= o.budgetBytes) break;
    if (m.key === o.keep) continue;
    const lock = await tryLockMirror(m.key, o);
    if (lock === null) continue; // in use: kept this time
    try {
      await rm(m.dir, { recursive: true, force: true, maxRetries: 3 });
      total -= m.bytes;
      removed.push(m.key);
    } finally {
      await lock.release();
    }
  }
  return removed;
}
