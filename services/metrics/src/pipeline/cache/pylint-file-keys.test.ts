import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readImports } from '@app/pyscan';
import { pylintFileKeys, type TreePyFile } from './pylint-file-keys.js';

/** Keys of every file of `files` (path → source), with blob ids standing for the contents. */
function keysOf(files: Record<string, string>, linted = Object.keys(files)): Map<string, string> {
  const tree: TreePyFile[] = Object.entries(files).map(([path, text]) => ({ path, oid: `oid:${text}` }));
  const text = new Map(Object.entries(files));
  return pylintFileKeys('cfg', linted, tree, (f) => readImports(text.get(f.path)!));
}

const BASE: Record<string, string> = {
  'pkg/__init__.py': '',
  'pkg/core.py': 'VALUE = 1\n',
  'pkg/middle.py': 'from pkg.core import VALUE\n',
  'pkg/top.py': 'from . import middle\n',
  'pkg/alone.py': 'import os\n',
  'tools/run.py': 'import helper\n',
};

/** Which files' keys differ between two trees. */
function changed(a: Record<string, string>, b: Record<string, string>, linted?: string[]): string[] {
  const ka = keysOf(a, linted);
  const kb = keysOf(b, linted);
  return [...ka.keys()].filter((p) => ka.get(p) !== kb.get(p)).sort();
}

describe('pylintFileKeys', () => {
  test('a changed module invalidates its importers, direct and through others, and nothing else', () => {
    assert.deepEqual(changed(BASE, { ...BASE, 'pkg/core.py': 'VALUE = 2\n' }), [
      'pkg/core.py',
      'pkg/middle.py',
      'pkg/top.py',
    ]);
    assert.deepEqual(changed(BASE, { ...BASE, 'pkg/alone.py': 'import sys\n' }), ['pkg/alone.py']);
  });

  test("a package's __init__ is a dependency of its modules", () => {
    assert.deepEqual(changed(BASE, { ...BASE, 'pkg/__init__.py': 'X = 1\n' }), [
      'pkg/__init__.py',
      'pkg/alone.py',
      'pkg/core.py',
      'pkg/middle.py',
      'pkg/top.py',
    ]);
  });

  test('a module added under a name a file imports invalidates that file', () => {
    assert.deepEqual(changed(BASE, { ...BASE, 'tools/helper.py': 'X = 1\n' }, Object.keys(BASE)), [
      'tools/run.py',
    ]);
  });

  test('a file whose imports cannot be read depends on every Python file', () => {
    const tree = Object.keys(BASE).map((path) => ({ path, oid: `oid:${BASE[path]}` }));
    const keys = (core: string) =>
      pylintFileKeys(
        'cfg',
        ['pkg/alone.py'],
        tree.map((f) => (f.path === 'pkg/core.py' ? { ...f, oid: core } : f)),
        (f) => (f.path === 'pkg/alone.py' ? null : []),
      ).get('pkg/alone.py');
    assert.notEqual(keys('a'), keys('b'));
  });

  test('the configuration and the path are part of the key', () => {
    const tree = [{ path: 'a.py', oid: 'x' }];
    const a = pylintFileKeys('one', ['a.py'], tree, () => []).get('a.py');
    assert.notEqual(a, pylintFileKeys('two', ['a.py'], tree, () => []).get('a.py'));
    const moved = pylintFileKeys('one', ['b.py'], [{ path: 'b.py', oid: 'x' }], () => []).get('b.py');
    assert.notEqual(a, moved);
  });
});
