import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import {
  ALICE,
  BOB,
  buildStandardFixture,
  createFixtureBase,
  type FixtureBase,
  RepoBuilder,
  type StandardFixture,
} from '../../../test/fixtures-builder/build-repo.js';
import { cloneUrlFor } from '../../shared-types/repo-validate.js';
import { cloneRepo, removeScratch } from '../repo/clone.js';
import { collectGitHistory, type FileHistory } from './git-history.js';

const skip = needTool('git');

// Hand-computed from the fixture's dated commits (see build-repo.ts); the analysed commit is HEAD of
// main, authored 2024-03-15T00:00:00Z.
const EXPECTED: Record<string, FileHistory> = {
  // C1 2024-01-01T10:00 alice +10; C2 bob +3 -1; C5 bob +1 -2 → 73.58 days.
  'pkg/core.py': { age_days: 73, revisions: 3, authors: 2, avg_loc_added: 14 / 3, avg_loc_deleted: 1 },
  // C1 as old_name.py alice +4; C3 rename, Alice@Example.COM +1; C4 carol +2 -1.
  'pkg/new_name.py': { age_days: 73, revisions: 3, authors: 2, avg_loc_added: 7 / 3, avg_loc_deleted: 1 / 3 },
  // Deleted in C2 and created anew in C4 (2024-02-01T09:30, carol, +3): only the new life counts.
  'pkg/phoenix.py': { age_days: 42, revisions: 1, authors: 1, avg_loc_added: 3, avg_loc_deleted: 0 },
  // C3 2024-01-10T08:00 → 64.67 days.
  'pkg/broken.py': { age_days: 64, revisions: 1, authors: 1, avg_loc_added: 2, avg_loc_deleted: 0 },
  'pkg/with space.py': { age_days: 64, revisions: 1, authors: 1, avg_loc_added: 1, avg_loc_deleted: 0 },
  // Binary numstat ("-") counts as 0 lines.
  'assets/logo.bin': { age_days: 69, revisions: 1, authors: 1, avg_loc_added: 0, avg_loc_deleted: 0 },
};

describe('collectGitHistory', { skip }, () => {
  let base: FixtureBase;
  let fx: StandardFixture;
  before(() => {
    base = createFixtureBase();
    fx = buildStandardFixture(base);
  });
  after(() => base.cleanup());

  for (const parallelism of [1, 2] as const) {
    test(`matches the hand-computed values (parallelism ${parallelism})`, async () => {
      const h = await collectGitHistory(fx.dir, { parallelism });
      for (const [path, want] of Object.entries(EXPECTED)) assert.deepEqual(h.get(path), want, path);
      assert.equal(h.has('old_name.py'), false, 'only current paths are keys');
      assert.equal(h.has('pkg/feature.py'), false, 'other branches do not count');
    });
  }

  test('measures at another commit when asked (the tag), and only the paths asked for', async () => {
    const h = await collectGitHistory(fx.dir, { rev: fx.shas.c4, paths: ['pkg/core.py', 'pkg/new_name.py'] });
    assert.deepEqual([...h.keys()].sort(), ['pkg/core.py', 'pkg/new_name.py']);
    // C1 → C4 (2024-02-01T09:30): 30.98 days; core.py: C1 +10, C2 +3 -1.
    assert.deepEqual(h.get('pkg/core.py'), {
      age_days: 30,
      revisions: 2,
      authors: 2,
      avg_loc_added: 6.5,
      avg_loc_deleted: 0.5,
    });
  });

  test('is empty for a shallow clone and filled for a full one', async () => {
    const url = cloneUrlFor(fx.owner, fx.repo, base.baseUrl);
    const shallow = await cloneRepo({ url });
    const full = await cloneRepo({ url, shallow: false });
    try {
      assert.equal((await collectGitHistory(shallow.dir)).size, 0);
      const h = await collectGitHistory(full.dir);
      for (const [path, want] of Object.entries(EXPECTED)) assert.deepEqual(h.get(path), want, path);
    } finally {
      await removeScratch(shallow.dir);
      await removeScratch(full.dir);
    }
  });
});

describe('collectGitHistory on odd histories', { skip }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-hist-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('follows chains of renames, odd names and brace-form moves, over a split log', async () => {
    const b = new RepoBuilder(dir);
    const body = Array.from({ length: 20 }, (_, i) => `v${i} = ${i}\n`).join('');
    const odd = 'dir/na\tme "é"\nx.py';
    b.write('src/a.py', body).write(odd, body);
    b.commit('c1', { author: ALICE, date: '2024-01-01T00:00:00Z' });
    b.move('src/a.py', 'src/b.py').move(odd, 'dir/plain.py');
    b.commit('c2', { author: BOB, date: '2024-01-02T00:00:00Z' });
    b.move('src/b.py', 'lib/b.py').write('lib/b.py', `${body}extra = 1\n`);
    b.commit('c3', { author: ALICE, date: '2024-01-03T00:00:00Z' });
    // A new file takes the first name: it must not inherit a.py's history.
    b.write('src/a.py', 'fresh = 1\n');
    const last = b.commit('c4', { author: BOB, date: '2024-01-11T12:00:00Z' });
    for (const parallelism of [1, 2] as const) {
      const h = await collectGitHistory(dir, { parallelism, rev: last });
      assert.deepEqual(h.get('lib/b.py'), {
        age_days: 10,
        revisions: 3,
        authors: 2,
        avg_loc_added: 7,
        avg_loc_deleted: 0,
      });
      assert.deepEqual(h.get('dir/plain.py'), {
        age_days: 10,
        revisions: 2,
        authors: 2,
        avg_loc_added: 10,
        avg_loc_deleted: 0,
      });
      assert.deepEqual(h.get('src/a.py'), {
        age_days: 0,
        revisions: 1,
        authors: 1,
        avg_loc_added: 1,
        avg_loc_deleted: 0,
      });
    }
  });
});
