// A file over its time budget costs only itself: the worker analysing it is stopped and replaced,
// the file gets parse_error `timeout`, and every other file of the same run still gets its values.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createAnalyzerPool, FILE_COLUMNS, isTimeoutError } from '../src/index.js';

let dir = '';

// 1,000 lines of 300-term sums: valid Python that takes seconds to measure, far over the budget
// below, while each small file takes about a millisecond.
const SLOW = `x = ${Array(300).fill('1').join(' + ')}\n`.repeat(1000);

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pyscan-budget-'));
  writeFileSync(join(dir, 'slow.py'), SLOW);
  for (let i = 0; i < 6; i++)
    writeFileSync(join(dir, `small${i}.py`), `def f${i}(a):\n    return a if a else ${i}\n`);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the file over budget gets parse_error timeout, the files queued with it get their values', async () => {
  // One thread: the small files wait behind the slow one on the same worker and must survive its stop.
  const pool = await createAnalyzerPool({ threads: 1, maxFileSeconds: 0.5 });
  try {
    const names = ['small0.py', 'slow.py', 'small1.py', 'small2.py', 'small3.py', 'small4.py', 'small5.py'];
    const rows = await Promise.all(names.map((n) => pool.analyzeFile(join(dir, n), n)));
    const slow = rows[1]?.file;
    assert.equal(slow?.parse_error, 'timeout: analysis stopped after 0.5 s');
    assert.ok(isTimeoutError(slow?.parse_error));
    assert.equal(slow?.loc, null);
    for (const [k, r] of rows.entries()) {
      if (k === 1) continue;
      assert.equal(r.file.parse_error, null, r.file.path);
      assert.equal(r.file.cc_total, 2, r.file.path);
      assert.equal(r.functions.length, 1, r.file.path);
    }
    // The replacement worker keeps serving.
    const again = await pool.analyzeFile(join(dir, 'small5.py'), 'small5.py');
    assert.equal(again.functions[0]?.name, 'f5');
  } finally {
    await pool.close();
  }
});

test('the CLI takes --max-file-seconds and marks the slow file', () => {
  const cli = new URL('../src/cli.ts', import.meta.url).pathname;
  const out = join(dir, 'out');
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      cli,
      dir,
      '--format',
      'csv',
      '--out',
      out,
      '--threads',
      '1',
      '--max-file-seconds',
      '0.5',
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(res.status, 0, res.stderr);
  const lines = readFileSync(join(out, 'file.csv'), 'utf8').split('\r\n');
  const col = FILE_COLUMNS.indexOf('parse_error');
  const slow = lines.find((l) => l.startsWith('slow.py,'))?.split(',');
  assert.equal(slow?.[col], 'timeout: analysis stopped after 0.5 s');
  assert.equal(lines.filter((l) => /^small\d\.py,/.test(l)).length, 6);
  const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, dir, '--max-file-seconds', '0'], {
    encoding: 'utf8',
  });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--max-file-seconds needs a positive number/);
});
