// A history run lists each commit's tree through its long-lived `git cat-file` processes: the listing
// must be exactly what `git ls-tree -r -l` gives (paths, blob ids, modes, sizes), commit after commit,
// with folders reused from the previous commit, symbolic links, executables, submodules and names
// outside ASCII.
import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { BlobReader } from '../../src/history-runs/blob-reader.js';
import { TreeLister } from '../../src/history-runs/tree-lister.js';
import { GitTreeError, listTree } from '../../src/pipeline/cache/git-tree.js';
import {
  ALICE,
  createFixtureBase,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';

const skipGit = needTool('git');
const ME = {
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@example.com',
};

describe('tree listings through git cat-file', { skip: skipGit }, () => {
  let base: FixtureBase;
  let dir: string;
  const shas: string[] = [];
  before(() => {
    base = createFixtureBase();
    dir = `${base.dir}/acme/trees`;
    const b = new RepoBuilder(dir);
    const at = (d: number) => `2024-01-0${d}T00:00:00Z`;
    b.write('a.py', 'x = 1\n')
      .write('pkg/sub/deep.py', 'def f():\n    return 1\n')
      .write('pkg/sub/twin/t.py', 'y = 2\n')
      .write('other/twin/t.py', 'y = 2\n')
      .write('docs/ü ber.py', 'z = 3\n')
      .write('empty.py', '')
      .write('big.py', `${'# padding\n'.repeat(5000)}`)
      .symlink('a.py', 'link.py');
    shas.push(b.commit('one', { author: ALICE, date: at(1) }));
    chmodSync(`${dir}/a.py`, 0o755);
    b.write('pkg/sub/deep.py', 'def f():\n    return 2\n');
    b.commit('two', { author: ALICE, date: at(2) });
    // A submodule entry (a commit in the tree) without cloning anything.
    gitSync(dir, ['update-index', '--add', '--cacheinfo', `160000,${shas[0]},vendor/lib`]);
    gitSync(dir, ['commit', '-q', '--no-verify', '-m', 'submodule'], ME);
    assert.match(gitSync(dir, ['ls-tree', 'HEAD', 'vendor/lib']), /^160000 commit /);
    shas.push(b.head());
    b.remove('other').write('pkg/new.py', 'n = 0\n');
    // Committed without `add -A`, which would drop the submodule entry whose folder is not there.
    gitSync(dir, ['add', 'other', 'pkg/new.py']);
    gitSync(dir, ['commit', '-q', '--no-verify', '-m', 'three'], ME);
    assert.match(gitSync(dir, ['ls-tree', 'HEAD', 'vendor/lib']), /^160000 commit /);
    shas.push(b.head());
    gitSync(dir, ['commit', '-q', '--allow-empty', '--no-verify', '-m', 'empty'], ME);
    shas.push(b.head());
  });
  after(() => base?.cleanup());

  test('every commit lists as git ls-tree -r -l does, folders reused or not', async () => {
    const reader = new BlobReader(dir);
    const info = new BlobReader(dir, undefined, 'info');
    try {
      const lister = new TreeLister(reader, info);
      // Newest first as a history run goes, then back again: reused and freshly read folders alike.
      for (const sha of [...[...shas].reverse(), ...shas]) {
        const got = await lister.list(sha);
        const want = await listTree(dir, sha);
        const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
        assert.deepEqual(sorted(got), sorted(want), sha);
      }
      const two = await lister.list(shas[1]!);
      assert.equal(two.get('a.py')?.mode, '100755');
      assert.equal(two.get('link.py')?.mode, '120000');
      assert.equal(two.get('big.py')?.size, 50_000);
      assert.ok(two.has('docs/ü ber.py'));
      assert.ok(two.has('other/twin/t.py') && two.has('pkg/sub/twin/t.py'));
      assert.ok(!two.has('vendor/lib'), 'a submodule is not a blob');
      await assert.rejects(lister.list('0'.repeat(40)), GitTreeError);
    } finally {
      reader.close();
      info.close();
    }
  });
});
