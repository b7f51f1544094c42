// History across branches, on real repositories built here: a side branch that edits a file under
// the name another branch renamed it from still counts (git log --follow misses those commits), and
// a path deleted and added again starts its history at the re-add, on every line of history.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { collectGitHistory } from '../../src/history/git-history.js';
import {
  ALICE,
  type Author,
  BOB,
  CAROL,
  createFixtureBase,
  DAVE,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';

const skip = needTool('git');

const lines = (n: number, word = 'x'): string =>
  Array.from({ length: n }, (_, i) => `${word}${i} = ${i}\n`).join('');

const day = (d: number): string => `2024-01-${String(d).padStart(2, '0')}T00:00:00Z`;

function merge(b: RepoBuilder, branch: string, author: Author, date: string): void {
  gitSync(b.dir, ['merge', '-q', '--no-edit', '--no-ff', branch], {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
    GIT_COMMITTER_DATE: date,
  });
}

function append(b: RepoBuilder, path: string, text: string): RepoBuilder {
  const cur = gitSync(b.dir, ['show', `HEAD:${path}`]);
  return b.write(path, `${cur}\n${text}`);
}

describe('history across branches', { skip }, () => {
  let base: FixtureBase;
  before(() => {
    base = createFixtureBase();
  });
  after(() => base.cleanup());

  test('a side branch editing the old name of a file renamed on main counts, with its authors', async () => {
    const b = new RepoBuilder(`${base.dir}/rename-main`);
    b.write('old.py', lines(20)).commit('c1', { author: ALICE, date: day(1) });
    b.branch('side').checkout('main');
    b.move('old.py', 'new.py').commit('c2 rename', { author: BOB, date: day(2) });
    b.write('new.py', `import os\n${lines(20)}`).commit('c3', { author: BOB, date: day(3) });
    b.checkout('side');
    append(b, 'old.py', 'y = 1\n').commit('s1', { author: CAROL, date: day(4) });
    append(b, 'old.py', 'z = 2\n').commit('s2', { author: DAVE, date: day(5) });
    b.checkout('main');
    merge(b, 'side', BOB, day(6));
    // What git itself says: --follow walks one name at a time and misses the side branch.
    const follow = gitSync(b.dir, ['log', '--follow', '--format=%s', '--', 'new.py']).split('\n');
    assert.deepEqual(follow, ['c3', 'c2 rename', 'c1']);
    for (const parallelism of [1, 2] as const) {
      const h = await collectGitHistory(b.dir, { parallelism });
      // c1 +20, c2 rename 0, c3 +1, s1 +1, s2 +1; alice, bob, carol, dave.
      assert.deepEqual(
        h.get('new.py'),
        { age_days: 5, revisions: 5, authors: 4, avg_loc_added: 23 / 5, avg_loc_deleted: 0 },
        `parallelism ${parallelism}`,
      );
    }
  });

  test('main editing the old name of a file renamed on a side branch counts too', async () => {
    const b = new RepoBuilder(`${base.dir}/rename-side`);
    b.write('lib/a.py', lines(20)).commit('c1', { author: ALICE, date: day(1) });
    b.branch('side');
    b.move('lib/a.py', 'lib/b.py').commit('s1 rename', { author: CAROL, date: day(2) });
    b.checkout('main');
    append(b, 'lib/a.py', 'y = 1\n').commit('c2', { author: BOB, date: day(3) });
    merge(b, 'side', DAVE, day(4));
    const h = await collectGitHistory(b.dir, { parallelism: 1 });
    assert.deepEqual(h.get('lib/b.py'), {
      age_days: 3,
      revisions: 3,
      authors: 3,
      avg_loc_added: 21 / 3,
      avg_loc_deleted: 0,
    });
  });

  test('a path deleted and added again starts its history at the re-add', async () => {
    const b = new RepoBuilder(`${base.dir}/readd`);
    b.write('a.py', lines(10))
      .write('keep.py', 'k = 1\n')
      .commit('c1', { author: ALICE, date: day(1) });
    b.write('a.py', lines(12)).commit('c2', { author: BOB, date: day(2) });
    b.remove('a.py').commit('c3 delete', { author: CAROL, date: day(3) });
    b.write('a.py', lines(3, 'w')).commit('c4 re-add', { author: DAVE, date: day(10) });
    b.write('a.py', lines(4, 'w')).commit('c5', { author: ALICE, date: day(11) });
    for (const parallelism of [1, 2] as const) {
      const h = await collectGitHistory(b.dir, { parallelism });
      // Only c4 (+3) and c5 (+1): the first a.py (c1 to c3) was another file.
      assert.deepEqual(
        h.get('a.py'),
        { age_days: 1, revisions: 2, authors: 2, avg_loc_added: 2, avg_loc_deleted: 0 },
        `parallelism ${parallelism}`,
      );
    }
  });

  test('a file re-added on a branch does not inherit the deleted one of the main line', async () => {
    const b = new RepoBuilder(`${base.dir}/readd-branch`);
    b.write('tmp.py', lines(5))
      .write('main.py', 'm = 1\n')
      .commit('c1', { author: ALICE, date: day(1) });
    b.remove('tmp.py').commit('c2 delete', { author: BOB, date: day(2) });
    b.branch('feature');
    b.write('tmp.py', lines(2, 'f')).commit('f1 add', { author: CAROL, date: day(3) });
    b.checkout('main');
    b.write('main.py', 'm = 2\n').commit('c3', { author: BOB, date: day(4) });
    merge(b, 'feature', DAVE, day(5));
    const h = await collectGitHistory(b.dir, { parallelism: 1 });
    assert.deepEqual(h.get('tmp.py'), {
      age_days: 2,
      revisions: 1,
      authors: 1,
      avg_loc_added: 2,
      avg_loc_deleted: 0,
    });
    assert.deepEqual(h.get('main.py'), {
      age_days: 4,
      revisions: 2,
      authors: 2,
      avg_loc_added: 1,
      avg_loc_deleted: 0.5,
    });
  });
});
