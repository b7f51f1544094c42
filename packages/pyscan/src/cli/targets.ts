// Turns the path arguments into the list of files to analyse.
import { realpathSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { ExcludeMatcher } from '../config/globs.js';
import { discoverPythonFiles, type FoundFile } from '../discover.js';
import { isTestPath } from '../test-path.js';
import { UsageError } from './exit-codes.js';

export interface Targets {
  /** Rows carry paths relative to this folder: the one folder given, else the current folder. */
  base: string;
  files: FoundFile[];
}

/** The folder reported paths are relative to, for the given path arguments. */
export function baseFolder(paths: string[], cwd: string): string {
  const only = paths.length === 1 ? resolve(cwd, paths[0] ?? '.') : undefined;
  if (only !== undefined && statOrThrow(only, paths[0] ?? '.').isDirectory()) return realpathSync(only);
  return realpathSync(cwd);
}

/**
 * Folders are searched (see discoverPythonFiles); a file named on the command line is taken
 * whatever its extension (pre-commit passes scripts without one), unless excluded or a test file.
 */
export function resolveTargets(
  paths: string[],
  cwd: string,
  opts: { includeTests: boolean; exclude: ExcludeMatcher },
): Targets {
  const base = baseFolder(paths, cwd);
  const seen = new Map<string, FoundFile>();
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const st = statOrThrow(abs, p);
    if (st.isDirectory()) {
      const real = realpathSync(abs);
      for (const f of discoverPythonFiles(real, { includeTests: opts.includeTests, exclude: opts.exclude })) {
        seen.set(f.absPath, { absPath: f.absPath, relPath: relPosix(base, f.absPath) });
      }
    } else if (st.isFile()) {
      const real = realpathSync(abs);
      const rel = relPosix(base, real);
      if (opts.exclude(real) || (!opts.includeTests && isTestPath(rel))) continue;
      seen.set(real, { absPath: real, relPath: rel });
    } else {
      throw new UsageError(`${p}: not a file or folder`);
    }
  }
  const files = [...seen.values()].sort((a, b) =>
    a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0,
  );
  return { base, files };
}

function statOrThrow(abs: string, shown: string) {
  try {
    return statSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${shown}: no such file or folder`);
    if (code === 'EACCES') throw new UsageError(`${shown}: permission denied`);
    throw new UsageError(`${shown}: ${(err as Error).message}`);
  }
}

export function relPosix(base: string, abs: string): string {
  return relative(base, abs).split(sep).join('/');
}
