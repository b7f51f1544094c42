import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BreakFolder, breakCandidate, WINDOW } from './break-detection.js';
import type { FileChange, LogCommit } from './log-parser.js';

const change = (path: string, added: number, deleted: number, oldPath?: string): FileChange => ({
  path,
  oldPath,
  added,
  deleted,
});

function commit(sha: string, changes: FileChange[], created: string[] = [], parents = ['p']): LogCommit {
  return { sha, parents, time: 0, email: 'a@example.com', name: 'A', changes, created };
}

test('only a commit that created a path and took enough lines out of another is asked about', () => {
  const moved = [change('app.py', 5, 81), change('sansio/app.py', 81, 0)];
  assert.equal(breakCandidate(commit('a', moved, ['sansio/app.py'])), true);
  // A new module next to a small edit: -B could not pair them.
  assert.equal(
    breakCandidate(commit('b', [change('app.py', 2, 3), change('new.py', 81, 0)], ['new.py'])),
    false,
  );
  // Nothing created, a merge, or a created path that is the only change.
  assert.equal(breakCandidate(commit('c', [change('app.py', 5, 81)])), false);
  assert.equal(breakCandidate(commit('d', moved, ['sansio/app.py'], ['p', 'q'])), false);
  assert.equal(breakCandidate(commit('e', [change('x.py', 10, 0)], ['x.py'])), false);
  // A rename -M already found is not asked about again on its own.
  assert.equal(breakCandidate(commit('f', [change('b.py', 0, 0, 'a.py')])), false);
});

test('commits are folded in log order across windows, each candidate as diffed again', async () => {
  const log: LogCommit[] = [];
  for (let i = 0; i < 2 * WINDOW + 5; i++) {
    log.push(
      i % 1000 === 7
        ? commit(`c${i}`, [change('app.py', 5, 81), change('sansio/app.py', 81, 0)], ['sansio/app.py'])
        : commit(`c${i}`, [change('x.py', 1, 0)]),
    );
  }
  const asked: string[][] = [];
  const applied: string[] = [];
  const folder = new BreakFolder(
    async (shas) => {
      asked.push(shas);
      return new Map(shas.map((s) => [s, commit(s, [change('sansio/app.py', 0, 0, 'app.py')])]));
    },
    (c) => applied.push(c.changes[0]?.oldPath ? `${c.sha}:renamed` : c.sha),
  );
  for (const c of log) folder.push(c);
  await folder.end();
  // One git call per window that holds candidates (the last window, 4000–4004, holds none).
  assert.deepEqual(asked, [
    ['c7', 'c1007'],
    ['c2007', 'c3007'],
  ]);
  assert.deepEqual(
    applied,
    log.map((c) => (c.sha.endsWith('007') || c.sha === 'c7' ? `${c.sha}:renamed` : c.sha)),
  );
});

test('a failing git makes the fold fail', async () => {
  const folder = new BreakFolder(
    async () => {
      throw new Error('git diff-tree failed');
    },
    () => {},
  );
  folder.push(commit('a', [change('app.py', 5, 81), change('n.py', 81, 0)], ['n.py']));
  await assert.rejects(folder.end(), /git diff-tree failed/);
});
