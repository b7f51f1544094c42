// Finds the Python files of a folder tree without following symlinked folders.
import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isTestPath } from './test-path.js';

/** A Python file found under a root folder. */
export interface FoundFile {
  absPath: string;
  /** Path relative to the root, with '/' separators. */
  relPath: string;
}

const SKIP_DIRS = new Set(['node_modules', '__pycache__', 'site-packages', 'dist-packages']);

/** Options of discoverPythonFiles. */
export interface DiscoverOptions {
  includeTests?: boolean;
  /** Leaves out files and whole folders it matches (absolute paths); see config/globs.ts. */
  exclude?: (absPath: string) => boolean;
}

/** Lists *.py files under root (hidden folders skipped), sorted, optionally leaving out test files. */
export function discoverPythonFiles(root: string, opts: DiscoverOptions = {}): FoundFile[] {
  const excluded = opts.exclude ?? (() => false);
  const out: FoundFile[] = [];
  const realRoot = realpathSync(root);
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() ?? root;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !SKIP_DIRS.has(e.name) && !excluded(abs)) stack.push(abs);
        continue;
      }
      if (!e.name.endsWith('.py')) continue;
      // A symlinked file counts only when it resolves to a regular file inside the root.
      if (!e.isFile() && !(e.isSymbolicLink() && insideRoot(abs, realRoot))) continue;
      const relPath = relative(root, abs).split(sep).join('/');
      if ((!opts.includeTests && isTestPath(relPath)) || excluded(abs)) continue;
      out.push({ absPath: abs, relPath });
    }
  }
  return out.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

function insideRoot(p: string, realRoot: string): boolean {
  try {
    const real = realpathSync(p);
    return statSync(real).isFile() && (real === realRoot || real.startsWith(realRoot + sep));
  } catch {
    return false;
  }
}
