import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isTestPath } from './test-paths.js';

/**
 * Folders never entered, by exact name: version control, virtualenvs, vendored and generated code.
 * `build` and `dist` are skipped at any depth (setuptools output); a `*.egg-info` suffix too.
 * Any folder holding a `pyvenv.cfg` is a virtualenv whatever its name (this is how `env/` is caught).
 */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  '.venv',
  'venv',
  'site-packages',
  'node_modules',
  '__pycache__',
  '.tox',
  '.nox',
  '.eggs',
  'build',
  'dist',
]);

/** Default cap on one file's size: bigger files are skipped with a warning. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Options of {@link discoverPythonFiles}. */
export interface DiscoverOptions {
  /** Leave out `test_*.py`, `*_test.py` and files under a `tests` folder (SKIP_TEST_FILES). */
  skipTests?: boolean;
  /** At most this many files are returned (MAX_FILE_COUNT); past it the walk stops with a warning. */
  maxFiles?: number;
  maxFileBytes?: number;
  /** Leaves out files and whole folders it matches (relative POSIX paths): the run's exclude globs. */
  exclude?: (relPath: string) => boolean;
}

/** Something discovery left out that the run should record. */
export interface DiscoveryWarning {
  code: 'file_too_large' | 'file_limit_reached';
  message: string;
  path?: string;
}

/** The Python files to analyse, and what was skipped. */
export interface DiscoveryResult {
  /** Relative POSIX paths, sorted by code unit. */
  files: string[];
  warnings: DiscoveryWarning[];
  skipped: { tests: number; symlinks: number; tooLarge: number; excluded: number };
  /** True when the walk stopped at `maxFiles`. */
  truncated: boolean;
}

const isSkippedDirName = (name: string): boolean => SKIPPED_DIRS.has(name) || name.endsWith('.egg-info');
const isVirtualenv = (entries: Dirent[]): boolean =>
  entries.some((e) => e.name === 'pyvenv.cfg' && e.isFile());

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Walks a clone for `.py` files, iteratively and in sorted order so a truncated result is reproducible.
 * Symlinks are never followed and never returned, even ones pointing inside the clone: the real file
 * is found under its own path anyway, and a link cannot lead the walk outside the clone.
 */
export async function discoverPythonFiles(
  root: string,
  opts: DiscoverOptions = {},
): Promise<DiscoveryResult> {
  const maxFiles = opts.maxFiles ?? 10_000;
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const excluded = opts.exclude ?? (() => false);
  const result: DiscoveryResult = {
    files: [],
    warnings: [],
    skipped: { tests: 0, symlinks: 0, tooLarge: 0, excluded: 0 },
    truncated: false,
  };
  // Stack of relative folder paths ('' = root), pushed in reverse so they pop in sorted order.
  const stack: string[] = [''];
  walk: while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = (await readdir(join(root, rel), { withFileTypes: true })).sort((a, b) =>
        byCodeUnit(a.name, b.name),
      );
    } catch {
      continue; // unreadable folder: nothing to analyse there
    }
    if (rel !== '' && isVirtualenv(entries)) continue;
    const subdirs: string[] = [];
    for (const e of entries) {
      const relPath = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isSymbolicLink()) {
        result.skipped.symlinks++;
        continue;
      }
      if (e.isDirectory()) {
        if (excluded(relPath)) result.skipped.excluded++;
        else subdirs.push(relPath);
        continue;
      }
      if (!e.isFile() || !e.name.endsWith('.py')) continue;
      if (excluded(relPath)) {
        result.skipped.excluded++;
        continue;
      }
      if (opts.skipTests && isTestPath(relPath)) {
        result.skipped.tests++;
        continue;
      }
      const size = (await lstat(join(root, relPath))).size;
      if (size > maxBytes) {
        result.skipped.tooLarge++;
        result.warnings.push({
          code: 'file_too_large',
          path: relPath,
          message: `${relPath} skipped: ${size} bytes is over the ${maxBytes}-byte cap`,
        });
        continue;
      }
      if (result.files.length >= maxFiles) {
        result.truncated = true;
        result.warnings.push({
          code: 'file_limit_reached',
          message: `more than ${maxFiles} Python files: discovery stopped at ${maxFiles} (MAX_FILE_COUNT)`,
        });
        break walk;
      }
      result.files.push(relPath);
    }
    for (let i = subdirs.length - 1; i >= 0; i--) {
      const sub = subdirs[i]!;
      if (!isSkippedDirName(sub.slice(sub.lastIndexOf('/') + 1))) stack.push(sub);
    }
  }
  result.files.sort(byCodeUnit);
  return result;
}
