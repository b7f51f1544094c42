import type { TreeEntry } from '../pipeline/cache/git-tree.js';
import { SKIPPED_DIRS } from '../pipeline/discovery/discover.js';
import { isTestPath } from '../pipeline/discovery/test-paths.js';

/** The discovery rules of the run, applied to a commit's tree listing instead of a work tree. */
export interface CommitFileRules {
  skipTests: boolean;
  maxFiles: number;
  maxFileBytes: number;
  exclude: (relPath: string) => boolean;
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The Python files of one commit that discovery would pick in a checkout of it: regular `.py` blobs
 * (symlinks never), outside skipped folders and virtualenvs (a folder holding `pyvenv.cfg`), not
 * excluded, not tests when they are skipped, not over the size cap, at most `maxFiles` in path order.
 */
export function commitFiles(tree: Map<string, TreeEntry>, rules: CommitFileRules): TreeEntry[] {
  const venvs = new Set<string>();
  for (const path of tree.keys()) {
    if (path === 'pyvenv.cfg' || !path.endsWith('/pyvenv.cfg')) continue;
    venvs.add(path.slice(0, -'/pyvenv.cfg'.length));
  }
  const memo = memoOf(rules);
  const out: TreeEntry[] = [];
  for (const e of tree.values()) {
    if (!e.path.endsWith('.py') || e.mode === '120000' || e.mode === '160000') continue;
    if (e.size > rules.maxFileBytes) continue;
    let picked = memo.get(e.path);
    if (picked === undefined) {
      picked =
        !(rules.skipTests && isTestPath(e.path)) &&
        folderAllowed(e.path, rules.exclude) &&
        !rules.exclude(e.path);
      memo.set(e.path, picked);
    }
    if (picked && (venvs.size === 0 || !inVenv(e.path, venvs))) out.push(e);
  }
  out.sort((a, b) => byCodeUnit(a.path, b.path));
  return out.slice(0, rules.maxFiles);
}

// A path's verdict under one set of rules (tests, skipped folders, exclusions) never changes: a history
// run asks it again for most files of every commit, so it is remembered per rules object.
const memos = new WeakMap<CommitFileRules, Map<string, boolean>>();

function memoOf(rules: CommitFileRules): Map<string, boolean> {
  let m = memos.get(rules);
  if (!m) {
    m = new Map();
    memos.set(rules, m);
  }
  return m;
}

function folderAllowed(path: string, exclude: (p: string) => boolean): boolean {
  const parts = path.split('/');
  let dir = '';
  for (let i = 0; i < parts.length - 1; i++) {
    const name = parts[i] ?? '';
    dir = dir === '' ? name : `${dir}/${name}`;
    if (SKIPPED_DIRS.has(name) || name.endsWith('.egg-info') || exclude(dir)) return false;
  }
  return true;
}

/** Inside a virtualenv of this commit (a folder holding `pyvenv.cfg`). */
function inVenv(path: string, venvs: Set<string>): boolean {
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) {
    if (venvs.has(path.slice(0, i))) return true;
  }
  return false;
}
