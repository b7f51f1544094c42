// Clone detection over 1 million lines of Python built from Debian's standard library: the original
// files, then copies with renamed identifiers, shifted digits and a line dropped here and there,
// until the target is reached. Prints lines, tokens, groups and the time of each phase. Measures;
// asserts nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeSource, findClones, tokenizeForClones } from '@app/pyscan';
import { listPython, mulberry32 } from '../shared/stdlib-sources.js';

const root = process.argv[2] ?? '/usr/lib/python3.11';
const target = Number(process.argv[3] ?? 1_000_000);
const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self cls print'.split(
    ' ',
  ),
);

const originals = listPython(root).flatMap((rel) => {
  const d = decodeSource(readFileSync(join(root, rel)));
  return d.ok ? [{ rel, text: d.text }] : [];
});
const rand = mulberry32(21);
const files: { path: string; text: string }[] = [];
let lines = 0;
for (let copy = 0; lines < target; copy++) {
  for (const o of originals) {
    if (lines >= target) break;
    const text = copy === 0 ? o.text : vary(o.text, copy);
    files.push({ path: `copy${copy}/${o.rel}`, text });
    lines += text.split('\n').length;
  }
}

function vary(text: string, copy: number): string {
  return text
    .split('\n')
    .filter(() => rand() > 0.02)
    .join('\n')
    .replace(/\b[A-Za-z_][A-Za-z0-9_]{3,}\b/g, (w) => (KEYWORDS.has(w) ? w : `${w}_${copy}`))
    .replace(/\b[0-9]\b/g, (d) => String((Number(d) + copy) % 10));
}

const c0 = process.cpuUsage();
const t0 = performance.now();
const sources = files.map((f) => ({ path: f.path, tokens: tokenizeForClones(f.text) }));
const t1 = performance.now();
const c1 = process.cpuUsage(c0);
const result = findClones(sources);
const t2 = performance.now();
const cpu = process.cpuUsage(c0);
const ms = (v: number) => `${Math.round(v)} ms`;
const dupPct = (100 * result.duplicatedLines) / lines;
console.log(`files           ${files.length}`);
console.log(`lines           ${lines}`);
console.log(`tokens          ${result.tokens}`);
console.log(`groups          ${result.groups.length}`);
console.log(`duplicated      ${result.duplicatedLines} lines (${dupPct.toFixed(1)} %)`);
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
console.log(`tokenize        ${ms(t1 - t0)} wall, ${ms(cpuMs(c1))} CPU`);
console.log(`detect          ${ms(t2 - t1)} wall, ${ms(cpuMs(cpu) - cpuMs(c1))} CPU`);
console.log(`total           ${ms(t2 - t0)} wall, ${ms(cpuMs(cpu))} CPU`);
console.log(`peak rss        ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
