// The worker pool (run from this tsx-loaded test) and the CLI on a real folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createAnalyzerPool, FILE_COLUMNS } from '../src/index.js';

let dir = '';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pyscan-cli-'));
  mkdirSync(join(dir, 'pkg', 'tests'), { recursive: true });
  writeFileSync(
    join(dir, 'pkg', 'mod.py'),
    'class A:\n    def m(self, x):\n        return 1 if x else 2\n\ndef f(a, b):\n    return a and b\n',
  );
  writeFileSync(join(dir, 'pkg', 'broken.py'), 'def f(:\n');
  writeFileSync(join(dir, 'pkg', 'note, "quoted".py'), '# only a comment\n');
  writeFileSync(join(dir, 'pkg', 'test_mod.py'), 'def test_x():\n    assert True\n');
  writeFileSync(join(dir, 'pkg', 'mod_test.py'), 'x = 1\n');
  writeFileSync(join(dir, 'pkg', 'tests', 'helpers.py'), 'y = 2\n');
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the pool analyses files on worker threads', async () => {
  const pool = await createAnalyzerPool({ threads: 2 });
  try {
    const [mod, broken, missing] = await Promise.all([
      pool.analyzeFile(join(dir, 'pkg', 'mod.py'), 'pkg/mod.py'),
      pool.analyzeFile(join(dir, 'pkg', 'broken.py'), 'pkg/broken.py'),
      pool.analyzeFile(join(dir, 'pkg', 'nope.py'), 'pkg/nope.py'),
    ]);
    assert.equal(mod?.file.path, 'pkg/mod.py');
    assert.deepEqual(
      mod?.functions.map((f) => [f.class, f.name, f.complexity, f.is_method]),
      [
        ['A', 'm', 2, true],
        ['', 'f', 2, false],
      ],
    );
    assert.equal(mod?.file.cc_total, 4);
    assert.match(broken?.file.parse_error ?? '', /syntax error/);
    assert.match(missing?.file.parse_error ?? '', /cannot read file/);
  } finally {
    await pool.close();
  }
});

function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const res = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

test('the CLI writes the four CSVs and skips test files', () => {
  const out = join(dir, 'out');
  const res = runCli([join(dir, 'pkg'), '--format', 'csv', '--out', out, '--threads', '2']);
  assert.equal(res.status, 0, res.stderr);
  const file = readFileSync(join(out, 'file.csv'), 'utf8').split('\r\n');
  assert.equal(file[0], FILE_COLUMNS.join(','));
  const paths = file.slice(1, -1).map((l) => l.split(',')[0]);
  assert.deepEqual(paths, ['broken.py', 'mod.py', '"note']);
  assert.ok(file.some((l) => l.startsWith('"note, ""quoted"".py",1,0,0,1,0,0,1,')));
  const fn = readFileSync(join(out, 'function.csv'), 'utf8').split('\r\n');
  assert.equal(fn[1], 'mod.py,A,m,2,3,true,2,A,1,2,2,0');
  const summary = readFileSync(join(out, 'summary.csv'), 'utf8').split('\r\n');
  assert.match(summary[1] ?? '', /^pkg,,,3,1,1,2,/);
  const cls = readFileSync(join(out, 'class.csv'), 'utf8');
  assert.ok(cls.includes('mod.py,A,1,3,1,3,3,A'), cls);

  const all = runCli([join(dir, 'pkg'), '--format', 'csv', '--out', out, '--include-tests']);
  assert.equal(all.status, 0, all.stderr);
  const withTests = readFileSync(join(out, 'file.csv'), 'utf8');
  for (const p of ['test_mod.py', 'mod_test.py', 'tests/helpers.py'])
    assert.ok(withTests.includes(`\r\n${p},`), p);
});
