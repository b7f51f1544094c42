import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import {
  buildStandardFixture,
  createFixtureBase,
  type FixtureBase,
  RepoBuilder,
  type StandardFixture,
} from '../../../test/fixtures-builder/build-repo.js';
import { discoverPythonFiles } from './discover.js';

const NON_TEST = [
  'pkg/__init__.py',
  'pkg/broken.py',
  'pkg/core.py',
  'pkg/latin1.py',
  'pkg/new_name.py',
  'pkg/phoenix.py',
  'pkg/with space.py',
  'tools/env/keep_me.py',
];
const TESTS = ['pkg/core_test.py', 'test_top.py', 'tests/helpers.py', 'tests/test_core.py'];

describe('discoverPythonFiles on the standard fixture', { skip: needTool('git') }, () => {
  let base: FixtureBase;
  let fx: StandardFixture;
  before(() => {
    base = createFixtureBase();
    fx = buildStandardFixture(base);
  });
  after(() => base.cleanup());

  test('skips .git, virtualenvs, vendor and build folders, and every symlink', async () => {
    const r = await discoverPythonFiles(fx.dir, { skipTests: false });
    assert.deepEqual(r.files, [...NON_TEST, ...TESTS].sort());
    // link_outside.py (to a file outside the clone) and linked_pkg (a folder inside it).
    assert.equal(r.skipped.symlinks, 2);
    assert.deepEqual(r.warnings, []);
    assert.equal(r.truncated, false);
  });

  test('leaves test files out when asked', async () => {
    const r = await discoverPythonFiles(fx.dir, { skipTests: true });
    assert.deepEqual(r.files, NON_TEST);
    assert.equal(r.skipped.tests, TESTS.length);
  });

  test('stops past the file cap with a warning; the kept files are the first in walk order', async () => {
    const r = await discoverPythonFiles(fx.dir, { skipTests: true, maxFiles: 3 });
    assert.deepEqual(r.files, ['pkg/__init__.py', 'pkg/broken.py', 'pkg/core.py']);
    assert.equal(r.truncated, true);
    assert.deepEqual(
      r.warnings.map((w) => w.code),
      ['file_limit_reached'],
    );
    const exact = await discoverPythonFiles(fx.dir, { skipTests: true, maxFiles: NON_TEST.length });
    assert.equal(exact.truncated, false, 'exactly at the cap is not past it');
    assert.deepEqual(exact.warnings, []);
  });

  test('skips files over the size cap with a warning naming them', async () => {
    const r = await discoverPythonFiles(fx.dir, { skipTests: true, maxFileBytes: 55 });
    assert.ok(!r.files.includes('pkg/core.py'));
    assert.ok(r.files.includes('pkg/__init__.py'));
    const large = r.warnings.filter((w) => w.code === 'file_too_large').map((w) => w.path);
    assert.deepEqual(large, ['pkg/core.py', 'pkg/new_name.py']);
    assert.equal(r.skipped.tooLarge, 2);
  });
});

describe('discoverPythonFiles on deep trees', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-deep-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('walks a very deep folder chain without recursion', { skip: needTool('git') }, async () => {
    const b = new RepoBuilder(dir);
    const deep = Array.from({ length: 300 }, (_, i) => `d${i % 10}`).join('/');
    b.write(`${deep}/leaf.py`, 'x = 1\n').write('a.py', '').write('a-b/c.py', '').write('a/b.py', '');
    const r = await discoverPythonFiles(dir);
    // Sorted by code unit: '-' (0x2d) sorts before '.' and '/'.
    assert.deepEqual(r.files, [`${deep}/leaf.py`, 'a-b/c.py', 'a.py', 'a/b.py'].sort());
    assert.equal(r.files[0], 'a-b/c.py');
  });
});
