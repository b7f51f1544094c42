// Live cross-check against radon 5.1 (Debian's python3-radon) on the golden snippets plus raw-count
// edge cases: radon's numbers come from bench/pyscan-parity/oracle.py run on a temp folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { analyzeSource, initPyscan } from '../src/index.js';
import { GOLDEN } from './golden-cases.js';

const EDGE_CASES: Record<string, string> = {
  form_feed: 'x = 1\n\f\ndef f():\n    return 1\n',
  semicolons: 'a = 1; b = 2;\nif a: b = 3; c = 4\nd = {"k": 1}[\'k\']; e = lambda: 0\n',
  continuation: 'x = 1 + \\\n    2\ns = "abc\\\ndef"\ny = """one\n\n  three"""\n',
  comments_after_strings: '"""doc"""  # c\n"one-line"\n# a\n#b\n\nx = ("a"\n     "b")  # two\n',
  prefixed_strings: 'a = rb"x" + Rb\'y\'\nb = f"{a!r}" f\'{a}\'\nc = u"z" == "z"\n',
  operands_by_value:
    'def f(x):\n    return x == 1.0 or x == True or "x" in x or x.x + x.y > 0\nz = -1 - -1\n',
};

test('pyscan agrees with radon on the golden snippets and raw edge cases', {
  skip: needTool('radon'),
}, async () => {
  await initPyscan();
  const dir = mkdtempSync(join(tmpdir(), 'pyscan-radon-'));
  try {
    const sources: Record<string, string> = { ...EDGE_CASES };
    for (const g of GOLDEN) sources[g.name] = g.src;
    for (const [name, src] of Object.entries(sources)) writeFileSync(join(dir, `${name}.py`), src);
    const out = join(dir, 'oracle.json');
    const oracle = new URL('../../../bench/pyscan-parity/oracle.py', import.meta.url).pathname;
    const res = spawnSync('/usr/bin/python3', [oracle, dir, out, '30'], { encoding: 'utf8' });
    assert.equal(res.status, 0, res.stderr);
    const truth = JSON.parse(readFileSync(out, 'utf8')) as Record<
      string,
      {
        blocks: { name: string; lineno: number; complexity: number }[];
        raw: Record<string, number>;
        hal: number[];
        mi: number;
      }
    >;
    for (const [name, src] of Object.entries(sources)) {
      const t = truth[`${name}.py`];
      assert.ok(t, name);
      const r = analyzeSource(src, name);
      for (const k of ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const) {
        assert.equal(r.file[k], t.raw[k], `${name}: ${k}`);
      }
      assert.deepEqual([r.file.h1, r.file.h2, r.file.N1, r.file.N2], t.hal.slice(0, 4), `${name}: halstead`);
      assert.ok(Math.abs((r.file.mi ?? -1) - t.mi) < 0.01, `${name}: mi ${r.file.mi} vs ${t.mi}`);
      const mine = new Map(
        [...r.functions, ...r.classes].map((b) => [`${b.lineno}:${b.name}`, b.complexity]),
      );
      for (const b of t.blocks)
        assert.equal(mine.get(`${b.lineno}:${b.name}`), b.complexity, `${name}: ${b.name}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
