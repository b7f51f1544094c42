import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Total apparent size in bytes of every file under `dir` (`.git` included), without following symlinks
 * (a link counts as its own small size). Files that vanish while counting (git renames temp packs) are
 * ignored.
 */
export async function dirSizeBytes(dir: string): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(current, e.name);
      if (e.isDirectory()) {
        stack.push(p);
        continue;
      }
      try {
        total += (await lstat(p)).size;
      } catch {
        // gone meanwhile
      }
    }
  }
  return total;
}
