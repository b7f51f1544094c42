// Compares pyscan with radon 5.1 (the oracle) on every .py file under a folder and prints the
// agreement per metric plus every difference.
// Usage: node --import tsx bench/pyscan-parity/parity.ts [folder] [--refresh] [--quiet]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { analyzeSource, type FileAnalysis, initPyscan } from '@app/pyscan';

interface OracleBlock {
  kind: string;
  name: string;
  lineno: number;
  endline: number;
  complexity: number;
  real_complexity?: number;
}
interface OracleFile {
  error?: string;
  blocks?: OracleBlock[];
  total_cc?: number;
  hal?: number[];
  raw?: Record<string, number>;
  raw_error?: string;
  mi?: number;
  mi_rank?: string;
}

const RAW_KEYS = ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const;
const HAL_KEYS = ['h1', 'h2', 'N1', 'N2'] as const;

function listPy(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() ?? root;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'site-packages' && e.name !== 'dist-packages') {
          stack.push(join(dir, e.name));
        }
      } else if (
        e.name.endsWith('.py') &&
        (e.isFile() || (e.isSymbolicLink() && statSync(join(dir, e.name)).isFile()))
      ) {
        out.push(relative(root, join(dir, e.name)));
      }
    }
  }
  return out.sort();
}

function oracle(folder: string, refresh: boolean): Record<string, OracleFile> {
  const tag = createHash('sha1').update(folder).digest('hex').slice(0, 10);
  const cache = `/tmp/pyscan-oracle-${tag}.json`;
  if (refresh || !existsSync(cache)) {
    console.error(`running radon over ${folder} (cached in ${cache}; takes a few minutes)…`);
    const script = new URL('./oracle.py', import.meta.url).pathname;
    const res = spawnSync('/usr/bin/python3', [script, folder, cache, '60'], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`oracle failed with exit ${res.status}`);
  }
  return JSON.parse(readFileSync(cache, 'utf8')) as Record<string, OracleFile>;
}

class Tally {
  same = 0;
  total = 0;
  diffs: string[] = [];

  add(ok: boolean, diff: () => string): void {
    this.total++;
    if (ok) this.same++;
    else this.diffs.push(diff());
  }

  pct(): string {
    return this.total ? ((100 * this.same) / this.total).toFixed(2) : 'n/a';
  }
}

function blockKey(kind: string, lineno: number, name: string): string {
  return `${kind}:${lineno}:${name}`;
}

function compareFile(rel: string, o: OracleFile, p: FileAnalysis, t: Record<string, Tally>): void {
  const f = p.file;
  if (o.raw) {
    const ours = RAW_KEYS.map((k) => f[k]);
    const theirs = RAW_KEYS.map((k) => o.raw?.[k]);
    t.raw?.add(
      ours.every((v, k) => v === theirs[k]),
      () =>
        `${rel}: raw ${RAW_KEYS.map((k, i) => `${k} ${ours[i]}/${theirs[i]}`)
          .filter((s) => !/ (\S+)\/\1$/.test(s))
          .join(', ')} (pyscan/radon)`,
    );
  }
  if (o.error || !o.blocks) return;
  if (f.parse_error) {
    t.parse?.add(false, () => `${rel}: pyscan parse_error "${f.parse_error}" where radon parsed the file`);
    return;
  }
  t.parse?.add(true, () => '');
  const mine = new Map<string, { complexity: number; endline: number; real?: number }>();
  for (const fn of p.functions)
    mine.set(blockKey(fn.is_method ? 'method' : 'function', fn.lineno, fn.name), fn);
  for (const c of p.classes) mine.set(blockKey('class', c.lineno, c.name), { ...c, real: c.real_complexity });
  for (const b of o.blocks) {
    const m = mine.get(blockKey(b.kind, b.lineno, b.name));
    const tally = b.kind === 'class' ? t.classCc : t.fnCc;
    tally?.add(
      m !== undefined &&
        m.complexity === b.complexity &&
        (b.kind !== 'class' || m.real === b.real_complexity),
      () =>
        m
          ? `${rel}:${b.lineno} ${b.kind} ${b.name}: complexity ${m.complexity}/${b.complexity}${b.kind === 'class' ? ` real ${m.real}/${b.real_complexity}` : ''}`
          : `${rel}:${b.lineno} ${b.kind} ${b.name}: missing in pyscan`,
    );
    if (m)
      t.endline?.add(
        m.endline === b.endline,
        () => `${rel}:${b.lineno} ${b.name}: endline ${m.endline}/${b.endline}`,
      );
  }
  t.fileCc?.add(f.cc_total === o.total_cc, () => `${rel}: cc_total ${f.cc_total}/${o.total_cc}`);
  const hal = o.hal ?? [];
  const ours = HAL_KEYS.map((k) => f[k]);
  const volOk = Math.abs((f.volume ?? 0) - (hal[7] ?? 0)) < 1e-6;
  t.hal?.add(
    ours.every((v, k) => v === hal[k]) && volOk,
    () =>
      `${rel}: halstead h1,h2,N1,N2 ${ours.join(',')}/${hal.slice(0, 4).join(',')} volume ${f.volume}/${hal[7]}`,
  );
  if (o.mi !== undefined) {
    const diff = Math.abs((f.mi ?? Number.NaN) - o.mi);
    t.mi?.add(diff <= 0.01, () => `${rel}: mi ${f.mi?.toFixed(4)}/${o.mi?.toFixed(4)}`);
    t.miRank?.add(f.mi_rank === o.mi_rank, () => `${rel}: mi rank ${f.mi_rank}/${o.mi_rank}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--')) ?? '/usr/lib/python3.11';
  const quiet = args.includes('--quiet');
  const truth = oracle(folder, args.includes('--refresh'));
  await initPyscan();
  const t: Record<string, Tally> = {
    parse: new Tally(),
    raw: new Tally(),
    fnCc: new Tally(),
    classCc: new Tally(),
    endline: new Tally(),
    fileCc: new Tally(),
    hal: new Tally(),
    mi: new Tally(),
    miRank: new Tally(),
  };
  const notes: string[] = [];
  for (const rel of listPy(folder)) {
    const o = truth[rel];
    if (!o) {
      notes.push(`${rel}: not in the oracle cache (rerun with --refresh)`);
      continue;
    }
    if (o.error) notes.push(`${rel}: radon failed: ${o.error}`);
    if (o.raw_error) notes.push(`${rel}: radon raw failed: ${o.raw_error}`);
    compareFile(rel, o, analyzeSource(readFileSync(join(folder, rel)), rel), t);
  }
  const labels: Record<string, string> = {
    parse: 'files parsed by both',
    raw: 'files with identical raw counts',
    fnCc: 'functions with identical cc',
    classCc: 'classes with identical cc',
    endline: 'blocks with identical endline',
    fileCc: 'files with identical total cc',
    hal: 'files with identical Halstead',
    mi: 'files with MI within 0.01',
    miRank: 'files with identical MI rank',
  };
  console.log(`pyscan vs radon 5.1 on ${folder}`);
  for (const [k, tally] of Object.entries(t)) {
    console.log(
      `  ${(labels[k] ?? k).padEnd(34)} ${tally.pct().padStart(6)} %  (${tally.same}/${tally.total})`,
    );
  }
  for (const n of notes) console.log(`  note: ${n}`);
  if (quiet) return;
  for (const [k, tally] of Object.entries(t)) {
    if (tally.diffs.length === 0) continue;
    console.log(`\n${labels[k] ?? k}: ${tally.diffs.length} differences`);
    for (const d of tally.diffs) console.log(`  ${d}`);
  }
}

await main();
