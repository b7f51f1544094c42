// Issue 35's performance targets on a generated repository of sqlalchemy's size (no network here:
// sqlalchemy cannot be cloned, so N standard-library files, 600 by default, stand in for its ~600
// modules). Two figures:
//  1. the import graph, typing and docstring measures as a run makes them (the analysis hands each
//     file's parts over from its own tokens, then the graph, cycles and shares are assembled) beside
//     pyscan's analysis of the same files without them (the run's measure stage): target < 10 %.
//     The earlier way (every file read, decoded and tokenized again after the analysis) is printed too.
//  2. pylint alone beside pylint with bandit started at the same time (as a run starts them), over
//     --lint-files of them: target < 15 % more wall time.
// Wall time, CPU seconds (all threads and waited-for children) and the load average with each
// figure; peak RSS at the end. Each analysis runs --rounds times, alternating, and the fastest counts.
// Usage (from the repository root):
//   npx tsx bench/code-health/run.ts [--files 600] [--lint-files 150] [--rounds 3] [--source /usr/lib/python3.11]
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CodeHealthParts,
  codeHealthOfParts,
  createAnalyzerPool,
  decodeSource,
  isTestPath,
  measureCodeHealth,
} from '@app/pyscan';
import { runBandit } from '../../services/metrics/src/pipeline/bandit/run-bandit.js';
import { runPylint } from '../../services/metrics/src/pipeline/pylint/run-pylint.js';
import { sampleMemory } from '../shared/memory-sampler.js';
import { loadAverage, procCpuSeconds } from '../shared/proc-stats.js';
import { listPython } from '../shared/stdlib-sources.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '600' },
    'lint-files': { type: 'string', default: '150' },
    rounds: { type: 'string', default: '3' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
  },
});
const FILES = Number(values.files);
const LINT_FILES = Number(values['lint-files']);
const ROUNDS = Number(values.rounds);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Wall ms and CPU s of `fn`. */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; wall: number; cpu: number }> {
  const c = procCpuSeconds();
  const t = performance.now();
  const value = await fn();
  return { value, wall: performance.now() - t, cpu: procCpuSeconds() - c };
}
const fig = (x: { wall: number; cpu: number }) => `${s(x.wall)} wall, ${x.cpu.toFixed(2)} s CPU`;
const pctOf = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;

function buildTree(): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'code-health-bench-'));
  const sources = listPython(values.source, 256 * 1024).filter((p) => !isTestPath(p));
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const src = sources[i % sources.length]!;
    const rel = i < sources.length ? src : `copy${Math.floor(i / sources.length) + 1}/${src}`;
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(values.source, src), join(dir, rel));
    files.push(rel);
  }
  return { dir, files };
}

async function main(): Promise<void> {
  const { dir, files } = buildTree();
  const mem = sampleMemory();
  console.log(`code-health bench: ${files.length} files (from ${values.source}), load ${loadAverage()}`);
  try {
    // 1. pyscan's analysis without and with code health's parts, alternating, each on a fresh pool
    // (cold workers, as a run's are: the JIT's warm-up is part of the cost); the fastest of each.
    const analyse = async (codeHealth: boolean) => {
      const pool = await createAnalyzerPool({ threads: 2 });
      try {
        return await timed(() =>
          Promise.all(files.map((f) => pool.analyzeFile(join(dir, f), f, { codeHealth }))),
        );
      } finally {
        await pool.close();
      }
    };
    let plain = { wall: Infinity, cpu: Infinity };
    let withParts = { wall: Infinity, cpu: Infinity };
    let assembled = { wall: Infinity, cpu: Infinity };
    let health: ReturnType<typeof codeHealthOfParts> | null = null;
    for (let r = 0; r < ROUNDS; r++) {
      const a = await analyse(false);
      if (a.wall < plain.wall) plain = a;
      const b = await analyse(true);
      const parts = b.value.flatMap((x) =>
        x.code_health ? [{ path: x.file.path, ...(x.code_health as CodeHealthParts) }] : [],
      );
      const c = await timed(() => codeHealthOfParts(parts, null));
      health = c.value;
      if (b.wall + c.wall < withParts.wall + assembled.wall) {
        withParts = b;
        assembled = c;
      }
    }
    const extraWall = withParts.wall + assembled.wall - plain.wall;
    const extraCpu = withParts.cpu + assembled.cpu - plain.cpu;
    console.log(
      `pyscan analysis alone: ${fig(plain)}; with code health's parts: ${fig(withParts)}, graph and shares assembled: ${fig(assembled)} (load ${loadAverage()})`,
    );
    console.log(
      `import graph + typing + docstrings add ${s(extraWall)} wall (${pctOf(extraWall, plain.wall)}), ${extraCpu.toFixed(2)} s CPU (${pctOf(extraCpu, plain.cpu)}) to the analysis, target < 10 %: ` +
        `${health?.imports.edges.length} edges, ${health?.cycles.length} cycles, typed ${health?.typed_pct?.toFixed(1)} %, documented ${health?.doc_pct?.toFixed(1)} %`,
    );
    // The earlier way, for comparison: every file read, decoded and tokenized again after the analysis.
    const before = await timed(() => {
      const texts = files.flatMap((f) => {
        const d = decodeSource(readFileSync(join(dir, f)));
        return d.ok ? [{ path: f, text: d.text }] : [];
      });
      return measureCodeHealth(texts, null);
    });
    console.log(
      `the earlier way (read and tokenize again): ${fig(before)} (${pctOf(before.wall, plain.wall)} of the analysis's wall time)`,
    );
    // 2. pylint alone, then pylint and bandit side by side.
    const lint = files.slice(0, LINT_FILES);
    const pylintAlone = await timed(() => runPylint(lint, { cwd: dir, parallelism: 2 }));
    const alone = pylintAlone.wall;
    console.log(`pylint alone over ${lint.length} files: ${fig(pylintAlone)} (load ${loadAverage()})`);
    const cpu0 = procCpuSeconds();
    const t = performance.now();
    let banditMs = 0;
    const [, sec] = await Promise.all([
      runPylint(lint, { cwd: dir, parallelism: 2 }),
      runBandit(lint, { cwd: dir }).then((r) => {
        banditMs = performance.now() - t;
        return r;
      }),
    ]);
    const both = performance.now() - t;
    const bothCpu = procCpuSeconds() - cpu0;
    const findings = [...sec.findings.values()].reduce((n, l) => n + l.length, 0);
    console.log(
      `pylint with bandit beside it: ${s(both)} wall, ${bothCpu.toFixed(2)} s CPU (+${((100 * (both - alone)) / alone).toFixed(1)} % wall, target < 15 %; load ${loadAverage()}); ` +
        `bandit alone took ${s(banditMs)} of it, ${findings} security findings, ${sec.skipped.length} files skipped`,
    );
  } finally {
    const m = mem.stop();
    console.log(`peak RSS ${m.peak_rss_mb} MB (max ${m.max_rss_mb} MB), load ${loadAverage()}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
