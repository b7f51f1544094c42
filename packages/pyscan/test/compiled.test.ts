// The package compiled to JavaScript (what `npm run build` makes for the CLI): its pool starts the
// compiled worker without tsx, and every row equals the one the TypeScript source computes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeSource, type createAnalyzerPool, initPyscan } from '../src/index.js';
import { GOLDEN } from './golden-cases.js';

const PKG = new URL('..', import.meta.url).pathname;
let out = '';
let files = '';

// A file that is not valid Python takes the other indexing path (tree-sitter ERROR nodes).
const EXTRA: [string, string][] = [
  ['broken.py', 'def f(:\n    return 1\n'],
  ['error_inside.py', 'def g(a):\n    if a:\n        return (1 +\n    return 2\n'],
  ['lambda_only.py', 'h = lambda x: x and (lambda: 1)\n'],
];

before(() => {
  // Inside dist/ so that the compiled files find web-tree-sitter in the workspace's node_modules,
  // and git and biome ignore it.
  mkdirSync(join(PKG, 'dist'), { recursive: true });
  out = mkdtempSync(join(PKG, 'dist', '.test-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const res = spawnSync(process.execPath, [tsc, '-p', join(PKG, 'tsconfig.build.json'), '--outDir', out], {
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, `${res.stdout}${res.stderr}`);
  files = mkdtempSync(join(tmpdir(), 'pyscan-compiled-'));
  for (const c of GOLDEN) writeFileSync(join(files, `${c.name}.py`), c.src);
  for (const [name, src] of EXTRA) writeFileSync(join(files, name), src);
});

after(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

test('the compiled pool computes the same rows as the source', async () => {
  const compiled = (await import(join(out, 'index.js'))) as { createAnalyzerPool: typeof createAnalyzerPool };
  await initPyscan();
  const names = [...GOLDEN.map((c) => `${c.name}.py`), ...EXTRA.map(([n]) => n)];
  const pool = await compiled.createAnalyzerPool({ threads: 2 });
  try {
    const rows = await Promise.all(names.map((n) => pool.analyzeFile(join(files, n), n)));
    assert.equal(rows.length, names.length);
    for (const [k, name] of names.entries()) {
      const src = GOLDEN.find((c) => `${c.name}.py` === name)?.src ?? EXTRA.find(([n]) => n === name)?.[1];
      const expected = analyzeSource(Buffer.from(src ?? ''), name);
      assert.deepEqual(rows[k], expected, name);
    }
    const broken = rows[names.indexOf('broken.py')];
    assert.match(broken?.file.parse_error ?? '', /syntax error/);
    const lambdas = rows[names.indexOf('lambda_only.py')];
    // radon 5.1: 1 + the `and`; the `lambda` keywords add nothing.
    assert.equal(lambdas?.file.cc_total, 2);
    assert.equal(lambdas?.file.parse_error, null);
  } finally {
    await pool.close();
  }
});
