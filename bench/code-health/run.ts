// Issue 35's performance targets on a generated repository of sqlalchemy's size (no network here:
// sqlalchemy cannot be cloned, so N standard-library files, 600 by default, stand in for its ~600
// modules). Two figures:
//  1. the import graph, typing and docstring measures (pyscan's measureCodeHealth over every file)
//     beside pyscan's whole analysis of the same files (the run's measure stage): target < 10 %;
//  2. pylint alone beside pylint with bandit started at the same time (as a run starts them), over
//     --lint-files of them: target < 15 % more wall time.
// Peak RSS and the load average are printed with the figures.
// Usage (from the repository root):
//   npx tsx bench/code-health/run.ts [--files 600] [--lint-files 150] [--source /usr/lib/python3.11]
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAnalyzerPool, decodeSource, isTestPath, measureCodeHealth } from '@app/pyscan';
import { runBandit } from '../../services/metrics/src/pipeline/bandit/run-bandit.js';
import { runPylint } from '../../services/metrics/src/pipeline/pylint/run-pylint.js';
import { sampleMemory } from '../shared/memory-sampler.js';
import { loadAverage } from '../shared/proc-stats.js';
import { listPython } from '../shared/stdlib-sources.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '600' },
    'lint-files': { type: 'string', default: '150' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
  },
});
const FILES = Number(values.files);
const LINT_FILES = Number(values['lint-files']);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

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
    // 1. pyscan's analysis, then the code-health measures over the same files.
    const pool = await createAnalyzerPool({ threads: 2 });
    let t = performance.now();
    await Promise.all(files.map((f) => pool.analyzeFile(join(dir, f), f)));
    const analysis = performance.now() - t;
    await pool.close();
    t = performance.now();
    const texts = files.flatMap((f) => {
      const d = decodeSource(readFileSync(join(dir, f)));
      return d.ok ? [{ path: f, text: d.text }] : [];
    });
    const health = measureCodeHealth(texts, null);
    const extra = performance.now() - t;
    console.log(
      `pyscan analysis ${s(analysis)}; import graph + typing + docstrings ${s(extra)} (${((100 * extra) / analysis).toFixed(1)} % of it, target < 10 %): ` +
        `${health.imports.edges.length} edges, ${health.cycles.length} cycles, typed ${health.typed_pct?.toFixed(1)} %, documented ${health.doc_pct?.toFixed(1)} %`,
    );
    // 2. pylint alone, then pylint and bandit side by side.
    const lint = files.slice(0, LINT_FILES);
    t = performance.now();
    await runPylint(lint, { cwd: dir, parallelism: 2 });
    const alone = performance.now() - t;
    console.log(`pylint alone over ${lint.length} files: ${s(alone)} (load ${loadAverage()})`);
    t = performance.now();
    let banditMs = 0;
    const [, sec] = await Promise.all([
      runPylint(lint, { cwd: dir, parallelism: 2 }),
      runBandit(lint, { cwd: dir }).then((r) => {
        banditMs = performance.now() - t;
        return r;
      }),
    ]);
    const both = performance.now() - t;
    const findings = [...sec.findings.values()].reduce((n, l) => n + l.length, 0);
    console.log(
      `pylint with bandit beside it: ${s(both)} (+${((100 * (both - alone)) / alone).toFixed(1)} %, target < 15 %); ` +
        `bandit alone took ${s(banditMs)} of it, ${findings} security findings, ${sec.skipped.length} files skipped`,
    );
  } finally {
    const m = mem.stop();
    console.log(`peak RSS ${m.peak_rss_mb} MB (max ${m.max_rss_mb} MB), load ${loadAverage()}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
