// History across branches, on real repositories built here: a side branch that edits a file under
// the name another branch renamed it from still counts (git log --follow misses those commits), and
// a path deleted and added again starts its history at the re-add, on every line of history.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { collectGitHistory, type FileHistory } from '../../src/pipeline/history/git-history.js';
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

/** The history of each path in `want`, read with one git process and with two (split log). */
async function expectHistory(dir: string, want: Record<string, FileHistory>): Promise<void> {
  for (const parallelism of [1, 2] as const) {
    const h = await collectGitHistory(dir, { parallelism });
    for (const [path, w] of Object.entries(want))
      assert.deepEqual(h.get(path), w, `${path}, parallelism ${parallelism}`);
  }
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

  // pallets/flask: a64588f8 moves src/flask/app.py to src/flask/sansio/app.py (R100), its child
  // 0ec7f713 creates a new src/flask/app.py, and the branch is merged (--no-ff) into the commit it
  // forked from. The merge hands app.py to its first parent as if unchanged; the moved file keeps it.
  test('a file moved on a branch that then re-creates its old path keeps its history after the merge', async () => {
    const b = new RepoBuilder(`${base.dir}/move-recreate`);
    b.write('src/app.py', lines(40)).commit('c1', { author: ALICE, date: day(1) });
    append(b, 'src/app.py', 'y = 1\n').commit('c2', { author: BOB, date: day(2) });
    b.branch('split');
    b.move('src/app.py', 'src/sansio/app.py').commit('move to sansio', { author: CAROL, date: day(10) });
    b.write('src/app.py', 'from .sansio.app import App\n\nclass Flask(App):\n    pass\n');
    append(b, 'src/sansio/app.py', 'z = 2\n').commit('split', { author: CAROL, date: day(11) });
    b.checkout('main');
    merge(b, 'split', DAVE, day(12));
    append(b, 'src/app.py', 'w = 3\n').commit('c5', { author: DAVE, date: day(13) });
    // What git says: --follow takes sansio/app.py back through the move, and the new app.py has two commits.
    const follow = (path: string) =>
      gitSync(b.dir, ['log', '--follow', '--format=%s', '--', path]).split('\n');
    assert.deepEqual(follow('src/sansio/app.py'), ['split', 'move to sansio', 'c2', 'c1']);
    assert.deepEqual(gitSync(b.dir, ['log', '--format=%s', '--', 'src/app.py']).split('\n').slice(0, 2), [
      'c5',
      'split',
    ]);
    await expectHistory(b.dir, {
      // c1 +40 alice, c2 +1 bob, move 0 carol, split +1 carol.
      'src/sansio/app.py': {
        age_days: 12,
        revisions: 4,
        authors: 3,
        avg_loc_added: 42 / 4,
        avg_loc_deleted: 0,
      },
      // split +4 carol, c5 +1 dave.
      'src/app.py': { age_days: 2, revisions: 2, authors: 2, avg_loc_added: 5 / 2, avg_loc_deleted: 0 },
    });
  });

  // The same in one commit: `git log -M` shows `M app.py` and `A sansio/app.py`; only break detection
  // (`-B`, a rewrite of app.py broken into delete + create) lets the rename pair the old content.
  test('a file moved and replaced by a new file in one commit keeps its history (break detection)', async () => {
    const b = new RepoBuilder(`${base.dir}/move-recreate-one-commit`);
    b.write('src/app.py', lines(80)).commit('c1', { author: ALICE, date: day(1) });
    append(b, 'src/app.py', 'y = 1\n').commit('c2', { author: BOB, date: day(2) });
    b.move('src/app.py', 'src/sansio/app.py');
    b.write('src/app.py', 'from .sansio.app import App\n\n\nclass Flask(App):\n    pass\n');
    b.commit('split', { author: CAROL, date: day(10) });
    append(b, 'src/app.py', 'w = 3\n').commit('c4', { author: DAVE, date: day(11) });
    const status = gitSync(b.dir, ['show', '-M', '--name-status', '--format=', 'HEAD~1']).split('\n');
    assert.deepEqual(status, ['M\tsrc/app.py', 'A\tsrc/sansio/app.py']);
    const broken = gitSync(b.dir, ['show', '-M', '-B', '--name-status', '--format=', 'HEAD~1']);
    assert.match(broken, /^C100\tsrc\/app.py\tsrc\/sansio\/app.py$/m);
    await expectHistory(b.dir, {
      // c1 +80 alice, c2 +1 bob, split (the move: 0 lines) carol.
      'src/sansio/app.py': {
        age_days: 10,
        revisions: 3,
        authors: 3,
        avg_loc_added: 81 / 3,
        avg_loc_deleted: 0,
      },
      // split (+5 −81: the rewrite's numstat) carol, c4 +1 dave.
      'src/app.py': { age_days: 1, revisions: 2, authors: 2, avg_loc_added: 6 / 2, avg_loc_deleted: 81 / 2 },
    });
  });
});
