// A repository built commit by commit whose metrics are known at every commit (see EXPECTED).
import { ALICE, BOB, type FixtureBase, gitSync, RepoBuilder } from '../fixtures-builder/build-repo.js';

const A1 = 'def f(x):\n    return x\n';
const A2 = 'def f(x):\n    if x:\n        return 1\n    return x\n';
const B1 = 'def g(x):\n    if x > 1:\n        return 2\n    return 0\n';
const B3 = 'def g(x):\n    if x > 1:\n        return 2\n    elif x < 0:\n        return 3\n    return 0\n';
const C1 =
  'class K:\n    def m(self):\n        for i in range(3):\n            if i:\n                return i\n        return 0\n';

/** One commit's expected per-function complexity, keyed `path:class:name`. */
export interface Expected {
  sha: string;
  date: string;
  functions: Record<string, number>;
}

export interface HistoryFixture {
  owner: string;
  repo: string;
  dir: string;
  /** Oldest first; the last one is HEAD. */
  commits: Expected[];
  /** The side branch's own commit (off the first-parent line). */
  sideSha: string;
  /** Distinct Python contents over all commits (A1, A2, B1, B3, C1, side.py). */
  distinctBlobs: number;
  /** Distinct Python contents at HEAD (A2 twice as a.py and d.py, B3). */
  headBlobs: number;
}

/**
 * Five commits on main, a month apart: a.py gains a branch, c.py comes and goes, b.py is renamed to
 * lib/b2.py and gains an elif, d.py is a copy of a.py (same blob as a.py). A side branch merged into
 * main adds commits off the first-parent line, which history runs must not measure.
 */
export function buildHistoryFixture(base: FixtureBase, owner = 'acme', repo = 'hist'): HistoryFixture {
  const dir = `${base.dir}/${owner}/${repo}`;
  const b = new RepoBuilder(dir);
  const at = (m: number) => `2024-0${m}-01T00:00:00Z`;
  const commits: Expected[] = [];
  const push = (sha: string, m: number, functions: Record<string, number>) =>
    commits.push({ sha, date: at(m), functions });
  b.write('a.py', A1).write('b.py', B1).write('tests/test_a.py', 'def test_x():\n    assert True\n');
  push(b.commit('c1', { author: ALICE, date: at(1) }), 1, { 'a.py::f': 1, 'b.py::g': 2 });
  b.write('a.py', A2).write('c.py', C1);
  push(b.commit('c2', { author: BOB, date: at(2) }), 2, { 'a.py::f': 2, 'b.py::g': 2, 'c.py:K:m': 3 });
  // A side branch: its commit is not on main's first-parent line.
  b.branch('side').write('side.py', 'def s():\n    return 1\n');
  const sideSha = b.commit('side work', { author: BOB, date: '2024-02-15T00:00:00Z' });
  b.checkout('main');
  b.move('b.py', 'lib/b2.py');
  push(b.commit('c3 rename', { author: ALICE, date: at(3) }), 3, {
    'a.py::f': 2,
    'lib/b2.py::g': 2,
    'c.py:K:m': 3,
  });
  // Merged: the merge commit is on the first-parent line, the side commit is not.
  const mdate = '2024-03-15T00:00:00Z';
  gitSync(dir, ['merge', '-q', '--no-edit', '--no-ff', 'side'], {
    GIT_AUTHOR_NAME: 'Bob',
    GIT_AUTHOR_EMAIL: 'bob@example.com',
    GIT_AUTHOR_DATE: mdate,
    GIT_COMMITTER_NAME: 'Bob',
    GIT_COMMITTER_EMAIL: 'bob@example.com',
    GIT_COMMITTER_DATE: mdate,
  });
  commits.push({
    sha: b.head(),
    date: mdate,
    functions: { 'a.py::f': 2, 'lib/b2.py::g': 2, 'c.py:K:m': 3, 'side.py::s': 1 },
  });
  b.remove('side.py');
  b.remove('c.py').write('d.py', A2);
  b.commit('c4', { author: ALICE, date: at(4) });
  const c4 = b.head();
  push(c4, 4, { 'a.py::f': 2, 'd.py::f': 2, 'lib/b2.py::g': 2 });
  b.write('lib/b2.py', B3);
  push(b.commit('c5', { author: BOB, date: at(5) }), 5, { 'a.py::f': 2, 'd.py::f': 2, 'lib/b2.py::g': 3 });
  return { owner, repo, dir, commits, sideSha, distinctBlobs: 6, headBlobs: 2 };
}
