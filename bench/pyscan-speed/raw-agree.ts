import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSource, normaliseNewlines } from '../../packages/pyscan/src/decode.js';
import { tokenize } from '../../packages/pyscan/src/fast-parse/index.js';
import { rawMetrics } from '../../packages/pyscan/src/raw.js';
import { rawFromTokens } from '../../packages/pyscan/src/raw-from-tokens.js';
import { lineStartsOf } from '../../packages/pyscan/src/tree.js';

// Compares radon's raw counts read off the fast tokenizer's tokens (raw-from-tokens.ts) with the
// ones of raw.ts's own line-group tokenizer (which bench/pyscan-parity checks against radon) on
// every .py file under the folders given, and counts the files left to raw.ts.
// Usage: node --import tsx bench/pyscan-speed/raw-agree.ts <folder>... (SHOW=n differences printed)
const FIELDS = ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const;
const show = Number(process.env.SHOW ?? 5);
const files: string[] = [];
const walk = (d: string): void => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.')) walk(p);
    } else if (e.name.endsWith('.py') && statSync(p).isFile()) files.push(p);
  }
};
for (const root of process.argv.slice(2)) {
  if (statSync(root).isFile()) files.push(root);
  else walk(root);
}
let same = 0;
let diff = 0;
let notTokenized = 0;
let leftToRaw = 0;
for (const f of files) {
  const dec = decodeSource(readFileSync(f));
  if (!dec.ok || dec.text.includes('\0')) continue;
  const text = normaliseNewlines(dec.text);
  let fast: ReturnType<typeof rawFromTokens>;
  try {
    const toks = tokenize(text);
    if (toks.lineStarts.join() !== lineStartsOf(text).join()) throw new Error(`${f}: line starts differ`);
    fast = rawFromTokens(text, toks, isAscii(Buffer.from(text)));
  } catch (err) {
    if (String(err).includes('line starts differ')) throw err;
    notTokenized++;
    continue;
  }
  if (!fast) {
    leftToRaw++;
    continue;
  }
  const slow = rawMetrics(text);
  const bad = FIELDS.filter((k) => fast?.[k] !== slow[k]);
  if (bad.length === 0) {
    same++;
    continue;
  }
  diff++;
  if (diff <= show) console.log('DIFF', f, bad.map((k) => `${k} ${slow[k]} -> ${fast?.[k]}`).join(', '));
}
console.log(
  `files ${files.length}: same ${same}, different ${diff}, not tokenized by the fast tokenizer ${notTokenized}, ` +
    `left to raw.ts ${leftToRaw}`,
);
if (diff > 0) process.exitCode = 1;
