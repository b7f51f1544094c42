// Exclude glob semantics (in-process: pure functions).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileExcludes, compileGlobs, globProblem } from '../../src/config/globs.js';

test('a name without a slash matches at any depth; a folder match covers what is under it', () => {
  const m = compileGlobs(['legacy', '*_pb2.py', 'build/']);
  assert.equal(m('legacy'), true);
  assert.equal(m('src/legacy/old.py'), true);
  assert.equal(m('src/api_pb2.py'), true);
  assert.equal(m('build/x.py'), true);
  assert.equal(m('src/legacy_code.py'), false);
  assert.equal(m('src/app.py'), false);
});

test('a pattern with a slash matches from the anchor; ** spans folders; dot files count', () => {
  const m = compileGlobs(['src/gen/**', './docs/*.py', '.hidden']);
  assert.equal(m('src/gen/a/b.py'), true);
  assert.equal(m('lib/src/gen/a.py'), false);
  assert.equal(m('docs/conf.py'), true);
  assert.equal(m('docs/sub/conf.py'), false);
  assert.equal(m('pkg/.hidden/x.py'), true);
});

test('exclude sets are relative to their anchor; paths outside it never match', () => {
  const m = compileExcludes([
    { anchor: '/repo', globs: ['src/gen/**'] },
    { anchor: '/elsewhere', globs: ['*.py'] },
  ]);
  assert.equal(m('/repo/src/gen/x.py'), true);
  assert.equal(m('/repo/src/app.py'), false);
  assert.equal(compileExcludes([])('/repo/x.py'), false);
});

test('empty, absolute and over-long globs are refused', () => {
  assert.equal(globProblem('ok/**'), null);
  assert.match(globProblem('  ') ?? '', /may not be empty/);
  assert.match(globProblem('/etc') ?? '', /relative paths/);
  assert.match(globProblem('x'.repeat(201)) ?? '', /at most 200 characters/);
});
