// One pathological file, `x = 1 + 1 + …` on one line, at growing sizes: the node query as pyscan ran
// it before the depth cap (in a worker thread, stopped past --cap seconds), the same query with the
// cap, and the whole analysis of the file now. Usage (from the repository root):
//   node --import tsx bench/pyscan-pathological/run.ts [--sizes 25000,50000,100000,200000] [--cap 120]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { INDEXED_TYPES } from '../../packages/pyscan/src/grammar.js';
import { analyzeSource, initPyscan } from '../../packages/pyscan/src/index.js';
import { MAX_QUERY_DEPTH } from '../../packages/pyscan/src/tree.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '25000,50000,100000,200000' },
    cap: { type: 'string', default: '120' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const capMs = Number(values.cap) * 1000;
const querySource = INDEXED_TYPES.map((t) => `(${t}) @${t}`).join('\n');

/** Seconds of parse + query in a worker, or null when it ran past the cap (the worker is stopped). */
function queryTime(terms: number, maxStartDepth: number | null): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./query-worker.mjs', import.meta.url), {
      workerData: { terms, querySource, maxStartDepth },
    });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve(null);
    }, capMs);
    w.once('message', (m: { ms: number }) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(m.ms / 1000);
    });
    w.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

const fmt = (s: number | null): string => (s === null ? `> ${values.cap} s` : `${s.toFixed(2)} s`);
const load = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();

await initPyscan();
console.log(load());
console.log('terms     bytes      query before (no cap)  query now (cap)  whole analysis now  result');
for (const terms of sizes) {
  const src = `x = ${Array(terms).fill('1').join(' + ')}\n`;
  const before = await queryTime(terms, null);
  const after = await queryTime(terms, MAX_QUERY_DEPTH);
  const t = performance.now();
  const r = analyzeSource(src, 'pathological.py');
  const whole = (performance.now() - t) / 1000;
  console.log(
    `${String(terms).padEnd(9)} ${String(src.length).padEnd(10)} ${fmt(before).padEnd(22)} ${fmt(after).padEnd(16)} ${fmt(whole).padEnd(19)} ${r.file.parse_error ?? 'measured'}`,
  );
}
console.log(load());
