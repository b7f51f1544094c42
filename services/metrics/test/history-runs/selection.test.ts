// The pure parts of history runs: which commits, which files of a commit, which requests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FileAnalysis, failedAnalysis, timeoutError } from '@app/pyscan';
import { compileGlobs } from '@app/pyscan/config';
import { commitFiles } from '../../src/history-runs/commit-files.js';
import { planCopy } from '../../src/history-runs/copy-plan.js';
import { parseHistory } from '../../src/history-runs/history-spec.js';
import { evenlySpaced } from '../../src/history-runs/select-commits.js';
import type { TreeEntry } from '../../src/pipeline/cache/git-tree.js';

test('evenly spaced commits cover the whole line and end at the oldest', () => {
  const line = Array.from({ length: 10 }, (_, i) => i);
  assert.deepEqual(evenlySpaced(line, 20), line);
  assert.deepEqual(evenlySpaced(line, 10), line);
  assert.deepEqual(evenlySpaced(line, 5), [1, 3, 5, 7, 9]);
  assert.deepEqual(evenlySpaced(line, 1), [9]);
  assert.deepEqual(evenlySpaced(line, 3), [2, 6, 9]);
  const long = Array.from({ length: 17_999 }, (_, i) => i);
  const picked = evenlySpaced(long, 100);
  assert.equal(picked.length, 100);
  assert.equal(new Set(picked).size, 100);
  assert.equal(picked.at(-1), 17_998);
  assert.deepEqual(evenlySpaced([], 5), []);
});

test("a commit's files follow the discovery rules", () => {
  const entry = (path: string, size = 10, mode = '100644'): [string, TreeEntry] => [
    path,
    { path, oid: `oid-${path}`, mode, size },
  ];
  const tree = new Map<string, TreeEntry>([
    entry('b.py'),
    entry('a.py'),
    entry('README.md'),
    entry('link.py', 10, '120000'),
    entry('big.py', 5000),
    entry('tests/test_a.py'),
    entry('pkg/test_b.py'),
    entry('pkg/mod.py'),
    entry('build/gen.py'),
    entry('x/node_modules/y.py'),
    entry('lib.egg-info/z.py'),
    entry('env/pyvenv.cfg'),
    entry('env/lib/site.py'),
    entry('legacy/old.py'),
    entry('pkg/gen_pb2.py'),
  ]);
  const rules = {
    skipTests: true,
    maxFiles: 100,
    maxFileBytes: 1000,
    exclude: compileGlobs(['legacy', '*_pb2.py']),
  };
  assert.deepEqual(
    commitFiles(tree, rules).map((e) => e.path),
    ['a.py', 'b.py', 'pkg/mod.py'],
  );
  assert.deepEqual(
    commitFiles(tree, { ...rules, skipTests: false, maxFiles: 3 }).map((e) => e.path),
    ['a.py', 'b.py', 'pkg/mod.py'],
  );
  assert.deepEqual(
    commitFiles(tree, { ...rules, skipTests: false }).map((e) => e.path),
    ['a.py', 'b.py', 'pkg/mod.py', 'pkg/test_b.py', 'tests/test_a.py'],
  );
});

test('history requests: booleans keep their meaning, objects ask for a history run', () => {
  assert.deepEqual(parseHistory(undefined), { errors: [], insights: null, spec: null });
  assert.deepEqual(parseHistory(true), { errors: [], insights: true, spec: null });
  assert.deepEqual(parseHistory({ commits: 100 }).spec, { commits: 100, since: null });
  assert.deepEqual(parseHistory({ since: '2024-02-29' }).spec, { commits: 500, since: '2024-02-29' });
  assert.deepEqual(parseHistory({ since: '2024-01-01', commits: 3 }).spec, {
    commits: 3,
    since: '2024-01-01',
  });
  const fields = (v: unknown) => parseHistory(v).errors.map((e) => e.field);
  assert.deepEqual(fields({ commits: 0 }), ['history.commits']);
  assert.deepEqual(fields({ commits: 501 }), ['history.commits']);
  assert.deepEqual(fields({ commits: '5' }), ['history.commits']);
  assert.deepEqual(fields({ since: '2023-02-29' }), ['history.since']);
  assert.deepEqual(fields({ since: '2024-1-1' }), ['history.since']);
  assert.deepEqual(fields({ until: 'x', commits: 1 }), ['history.until']);
  assert.deepEqual(fields({}), ['history']);
  assert.deepEqual(fields('all'), ['history']);
  assert.deepEqual(fields([1]), ['history']);
});

test("a commit copies the rows of files with the previous run's path and blob, both reusable", () => {
  const ok = (path: string): FileAnalysis => {
    const f = failedAnalysis(path, 'x');
    return { ...f, file: { ...f.file, parse_error: null } };
  };
  const timedOut = (path: string) => failedAnalysis(path, timeoutError(30));
  const entry = (path: string, oid: string) => ({ path, oid, mode: '100644', size: 1 });
  const previous = {
    id: 7,
    blobs: new Map<string, string | null>([
      ['a.py', 'A'],
      ['b.py', 'B1'],
      ['c.py', 'C'],
      ['e.py', 'E'],
      ['f.py', null],
      ['g.py', 'G'],
      ['s.py', 'S'],
    ]),
  };
  // a.py same; b.py changed; c.py renamed to d.py; e.py gone; f.py timed out before, measured now;
  // g.py times out now; s.py same blob, but a syntax error (a result of the content: reusable).
  const files = [
    entry('a.py', 'A'),
    entry('b.py', 'B2'),
    entry('d.py', 'C'),
    entry('f.py', 'F'),
    entry('g.py', 'G'),
    entry('s.py', 'S'),
  ];
  const analyses = [
    ok('a.py'),
    ok('b.py'),
    ok('d.py'),
    ok('f.py'),
    timedOut('g.py'),
    failedAnalysis('s.py', 'syntax error'),
  ];
  const plan = planCopy(previous, files, analyses);
  assert.deepEqual(plan.copy, { fromId: 7, paths: ['a.py', 's.py'] });
  assert.deepEqual([...plan.copied], [0, 5]);
  assert.deepEqual(
    [...plan.blobs],
    [
      ['a.py', 'A'],
      ['b.py', 'B2'],
      ['d.py', 'C'],
      ['f.py', 'F'],
      ['g.py', null],
      ['s.py', 'S'],
    ],
  );
  // The first commit, or nothing in common: every row is sent.
  assert.equal(planCopy(null, files, analyses).copy, null);
  const none = planCopy({ id: 7, blobs: new Map([['z.py', 'Z']]) }, files, analyses);
  assert.equal(none.copy, null);
  assert.equal(none.copied.size, 0);
});
