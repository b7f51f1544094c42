// Issue 35's performance targets on a generated repository of sqlalchemy's size with full history (no
// network here: sqlalchemy cannot be cloned, so bench/shared/history-repo.ts builds one of --commits
// commits whose --files standard-library files, 600 by default, stand in for its ~600 modules; cached
// under $TMPDIR). Figures:
//  0. one full run of that repository by the real service in this process (SQLite, served over
//     file://, full history, pylint off; with --lint also pylint on), wall and CPU seconds;
//  1. the import graph, typing and docstring measures as a run makes them (the analysis hands each
//     file's parts over from its own tokens, then the graph, cycles and shares are assembled) beside
//     pyscan's analysis of the same files without them (the run's measure stage): target < 10 %.
//     The earlier way (every file read, decoded and tokenized again after the analysis) is printed too.
//     The same added cost, on the same files (the repository's HEAD), as a share of the full run of
//     figure 0 (the figure): target < 10 %.
//  2. pylint alone beside pylint with bandit started at the same time (as a run starts them), over
//     --lint-files of them: target < 15 % more wall time.
// Wall time, CPU seconds (all threads and waited-for children) and the load average with each
// figure; peak RSS at the end. Each analysis runs --rounds times, alternating, and the fastest counts.
// Usage (from the repository root):
//   npx tsx bench/code-health/run.ts [--files 600] [--commits 6000] [--lint] [--lint-files 150] [--rounds 3]
//     [--source /usr/lib/python3.11]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type CodeHealthParts,
  codeHealthOfParts,
  createAnalyzerPool,
  decodeSource,
  measureCodeHealth,
} from '@app/pyscan';
import { runBandit } from '../../services/metrics/src/pipeline/bandit/run-bandit.js';
import { runPylint } from '../../services/metrics/src/pipeline/pylint/run-pylint.js';
import { cachedHistoryRunsRepo } from '../shared/history-repo.js';
import { sampleMemory } from '../shared/memory-sampler.js';
import { runAnalysis, stagesLine, startMetricsServer, type TimedRun } from '../shared/metrics-run.js';
import { loadAverage, procCpuSeconds } from '../shared/proc-stats.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '600' },
    commits: { type: 'string', default: '6000' },
    lint: { type: 'boolean', default: false },
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

const git = (cwd: string, args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();

/** The generated repository (served from `base`), and its HEAD checked out in a temporary folder. */
async function buildRepo(): Promise<{ base: string; commits: string; dir: string; files: string[] }> {
  const { base, repoDir } = await cachedHistoryRunsRepo({
    source: values.source,
    commits: Number(values.commits),
    files: FILES,
    zipf: 1.2,
    docsShare: 0.35,
  });
  const dir = join(mkdtempSync(join(tmpdir(), 'code-health-bench-')), 'head');
  git(tmpdir(), ['clone', '-q', '--local', repoDir, dir]);
  const files = git(dir, ['ls-files', '*.py']).split('\n').filter(Boolean);
  return { base, commits: git(repoDir, ['rev-list', '--count', 'HEAD']), dir, files };
}

/** One full run of the served repository, full history, on a fresh service and database. */
async function fullRun(base: string, pylint: boolean): Promise<TimedRun> {
  const { server, close } = await startMetricsServer('code-health-bench-data', {
    GITHUB_BASE_URL: pathToFileURL(base).href,
    CLONE_SHALLOW: 'false',
    PYLINT_ENABLED: String(pylint),
    MAX_REPO_SIZE_MB: '2000',
  });
  try {
    const r = await runAnalysis(server, { repo_url: 'https://github.com/python/hist' });
    console.log(
      `full run, pylint ${pylint ? 'on' : 'off'} (bandit on, the default): ${fig(r)} (load ${loadAverage()}); ${stagesLine(r)}`,
    );
    return r;
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const { base, commits, dir, files } = await buildRepo();
  const mem = sampleMemory();
  console.log(
    `code-health bench: generated repository of ${commits} commits, ${files.length} Python files at HEAD (from ${values.source}; sqlalchemy cannot be cloned here), load ${loadAverage()}`,
  );
  try {
    // 0. The whole run the figure is a share of: full history, pylint off (and on with --lint).
    const runs = [await fullRun(base, false)];
    if (values.lint) runs.push(await fullRun(base, true));
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
    for (const [i, run] of runs.entries())
      console.log(
        `code health's parts as a share of the full run (pylint ${i === 0 ? 'off' : 'on'}): ${s(extraWall)} of ${s(run.wall)} wall (${pctOf(extraWall, run.wall)}), ` +
          `${extraCpu.toFixed(2)} s of ${run.cpu.toFixed(2)} s CPU (${pctOf(extraCpu, run.cpu)}), target < 10 %`,
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
      `pylint with bandit beside it: ${s(both)} wall, ${bothCpu.toFixed(2)} s CPU (${both >= alone ? '+' : ''}${((100 * (both - alone)) / alone).toFixed(1)} % wall, target < 15 %; load ${loadAverage()}); ` +
        `bandit alone took ${s(banditMs)} of it, ${findings} security findings, ${sec.skipped.length} files skipped`,
    );
  } finally {
    const m = mem.stop();
    console.log(`peak RSS ${m.peak_rss_mb} MB (max ${m.max_rss_mb} MB), load ${loadAverage()}`);
    rmSync(join(dir, '..'), { recursive: true, force: true });
  }
}

await main();
