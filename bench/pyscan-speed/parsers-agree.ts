import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeSource, useParser } from '../../packages/pyscan/src/analyze.js';
import { decodeSource, normaliseNewlines } from '../../packages/pyscan/src/decode.js';
import { fastParseIndexed } from '../../packages/pyscan/src/fast-parse/index.js';
import { type FileAnalysis, initPyscan } from '../../packages/pyscan/src/index.js';

// Compares pyscan's two parsers row by row (every column of every file, function and class row)
// on every .py file under a folder (or one file), and counts the files the fast parser leaves to
// tree-sitter, by reason.
// Usage: node --import tsx bench/pyscan-speed/parsers-agree.ts [folder] (SHOW=n differences
// printed, default 5; FB=1 lists the files left to tree-sitter)
await initPyscan();
const root = process.argv[2] ?? '/usr/lib/python3.11';
const files: string[] = [];
const walk = (d: string) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'site-packages' && !e.name.startsWith('.')) walk(p);
    } else if (e.name.endsWith('.py') && statSync(p).isFile()) files.push(p);
  }
};
if (statSync(root).isFile()) files.push(root);
else walk(root);
let same = 0,
  diff = 0,
  fb = 0;
const reasons = new Map<string, number>();
const show = Number(process.env.SHOW ?? 5);
for (const f of files) {
  const bytes = readFileSync(f);
  const dec = decodeSource(bytes);
  if (dec.ok) {
    try {
      fastParseIndexed(normaliseNewlines(dec.text));
    } catch (e) {
      fb++;
      const m = String((e as Error).message).replace(/\d+/g, 'N');
      reasons.set(m, (reasons.get(m) ?? 0) + 1);
      if (process.env.FB) console.log('FB', f, (e as Error).message);
    }
  }
  useParser('tree-sitter');
  const a = analyzeSource(bytes, f);
  useParser('fast');
  const b = analyzeSource(bytes, f);
  const ja = JSON.stringify(a),
    jb = JSON.stringify(b);
  if (ja === jb) {
    same++;
    continue;
  }
  diff++;
  if (diff <= show) {
    console.log('DIFF', f);
    printDifferences(a, b);
  }
}
console.log(`files ${files.length} same ${same} diff ${diff} fallback ${fb}`);
for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${n} ${r}`);

type Row = Record<string, unknown>;

function printDifferences(a: FileAnalysis, b: FileAnalysis): void {
  const fa = a.file as unknown as Row;
  const fb = b.file as unknown as Row;
  for (const k of Object.keys(fa))
    if (JSON.stringify(fa[k]) !== JSON.stringify(fb[k])) console.log('  file', k, fa[k], fb[k]);
  const byName = (xs: Row[]): Map<string, Row> =>
    new Map(xs.map((x) => [`${String(x.class ?? '')}.${String(x.name)}@${String(x.lineno)}`, x]));
  for (const kind of ['functions', 'classes'] as const) {
    const ma = byName(a[kind] as unknown as Row[]);
    const mb = byName(b[kind] as unknown as Row[]);
    for (const [k, x] of ma) {
      const y = mb.get(k);
      if (!y) {
        console.log('  missing', kind, k);
        continue;
      }
      for (const kk of Object.keys(x))
        if (JSON.stringify(x[kk]) !== JSON.stringify(y[kk])) console.log('  ', kind, k, kk, x[kk], y[kk]);
    }
    for (const k of mb.keys()) if (!ma.has(k)) console.log('  extra', kind, k);
  }
}
