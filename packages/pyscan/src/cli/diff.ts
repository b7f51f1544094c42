// --diff <ref>: which Python files and lines changed since a git ref (working tree included).
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { FileMetrics, FunctionMetrics } from '../types.js';
import { UsageError } from './exit-codes.js';
import type { GateScope } from './thresholds.js';

/** Changed line ranges of one file (1-based, inclusive), or 'all' for a file new since the ref. */
export type FileChange = Array<[number, number]> | 'all';

export interface ChangeSet {
  ref: string;
  /** The repository's top folder (real path). */
  root: string;
  /** Keyed by absolute real path. */
  files: Map<string, FileChange>;
}

function git(cwd: string, args: string[]): string {
  const res = spawnSync('git', ['-c', 'core.quotePath=false', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.error) throw new UsageError(`cannot run git: ${res.error.message}`);
  if (res.status !== 0) {
    const msg = (res.stderr.trim().split('\n')[0] ?? '').replace(/^fatal: /, '');
    throw new UsageError(`git ${args[0]} failed: ${msg || `exit ${res.status}`}`);
  }
  return res.stdout;
}

/**
 * Python files changed between `ref` and the working tree, with their changed line ranges.
 * Untracked files that .gitignore does not hide count as new, so a file not yet added is gated
 * as new code; deleted files are left out, and a pure rename is not a change.
 */
export function changesSince(cwd: string, ref: string): ChangeSet {
  let root: string;
  try {
    root = realpathSync(git(cwd, ['rev-parse', '--show-toplevel']).trim());
  } catch (err) {
    if (err instanceof UsageError)
      throw new UsageError(`--diff needs a git repository: ${cwd} is not in one`);
    throw err;
  }
  const verify = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (verify.status !== 0) throw new UsageError(`--diff: unknown git revision '${ref}'`);
  const files = new Map<string, FileChange>();
  const diff = git(root, [
    'diff',
    '--unified=0',
    '--no-color',
    '--no-ext-diff',
    '--find-renames',
    '--diff-filter=d',
    ref,
    '--',
    '*.py',
  ]);
  let current: Array<[number, number]> | null = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const p = unquote(line.slice(4));
      current = p === '/dev/null' ? null : [];
      if (current) files.set(join(root, p.replace(/^b\//, '')), current);
    } else if (line.startsWith('@@') && current) {
      const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      const start = Number(m[1]);
      const count = m[2] === undefined ? 1 : Number(m[2]);
      // A pure deletion (count 0) touches the line it follows: deleting code from a function changes it.
      current.push(count === 0 ? [Math.max(start, 1), Math.max(start, 1)] : [start, start + count - 1]);
    }
  }
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', '*.py']);
  for (const p of untracked.split('\0')) if (p) files.set(join(root, p), 'all');
  return { ref, root, files };
}

/** git quotes a path with unusual characters in C style ("a\tb"); core.quotePath=false keeps UTF-8 as is. */
function unquote(p: string): string {
  if (!p.startsWith('"')) return p;
  try {
    return JSON.parse(p) as string;
  } catch {
    return p.slice(1, -1);
  }
}

function touches(change: FileChange | undefined, from: number, to: number): boolean {
  if (!change) return false;
  if (change === 'all') return true;
  return change.some(([a, b]) => a <= to && b >= from);
}

/** The gate's scope under --diff: functions whose lines changed, files with any change. */
export function diffScope(changes: ChangeSet, absPathOf: (relPath: string) => string | undefined): GateScope {
  const changeOf = (rel: string) => {
    const abs = absPathOf(rel);
    return abs === undefined ? undefined : changes.files.get(abs);
  };
  return {
    functionCounts: (fn: FunctionMetrics) => touches(changeOf(fn.path), fn.lineno, fn.endline),
    fileCounts: (file: FileMetrics) => changeOf(file.path) !== undefined,
  };
}
