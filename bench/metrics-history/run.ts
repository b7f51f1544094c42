// Compares the metrics service's git_analysis (collectGitHistory) with one plain
// `git log -M --numstat` pass over the same history, and the stage with and without the history
// insights (issue 17: churn, coupling, authors, then computeInsights). Usage (from the repository root):
//   npx tsx bench/metrics-history/run.ts [--commits 3000] [--files 700] [--coupled] [--runs 2] [--repo <path to a full clone>]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FileAnalysis } from '../../packages/pyscan/src/index.js';
import {
  collectGitHistory,
  readGitHistory,
} from '../../services/metrics/src/pipeline/history/git-history.js';
import { HistoryTracker } from '../../services/metrics/src/pipeline/history/history-tracker.js';
import {
  LOG_FORMAT_ARGS,
  type LogCommit,
  LogParser,
} from '../../services/metrics/src/pipeline/history/log-parser.js';
import { computeInsights } from '../../services/metrics/src/pipeline/insights/compute-insights.js';
import { buildHistoryRepo } from './build-history-repo.js';
import { best, type Sample, timed } from './cpu.js';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '3000' },
    files: { type: 'string' },
    coupled: { type: 'boolean', default: false },
    repo: { type: 'string' },
    runs: { type: 'string', default: '2' },
  },
});
const commits = Number(values.commits);
const runs = Number(values.runs);
const fileCap = values.files === undefined ? undefined : Number(values.files);

function stdlib(): string {
  const r = spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
    encoding: 'utf8',
  });
  return r.stdout.trim();
}

async function plainGitLog(dir: string): Promise<void> {
  const child = spawn('git', ['log', '-M', '--numstat', 'HEAD'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  await new Promise((resolve) => child.on('close', resolve));
}

let dir = values.repo;
if (!dir) {
  const shape = `${fileCap === undefined ? '' : `-${fileCap}f`}${values.coupled ? '-coupled' : ''}`;
  dir = join(tmpdir(), `metrics-history-bench-${commits}${shape}`);
  if (!existsSync(join(dir, '.git'))) {
    const t = performance.now();
    await buildHistoryRepo({ source: stdlib(), dir, commits, files: fileCap, coupled: values.coupled });
    console.log(`built ${dir}: ${commits} commits in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}
const repo = dir;
const count = spawnSync('git', ['rev-list', '--count', 'HEAD'], {
  cwd: repo,
  encoding: 'utf8',
}).stdout.trim();
console.log(`repository ${repo}: ${count} commits`);

const tracked = spawnSync('git', ['ls-files', '-z', '*.py'], { cwd: repo, encoding: 'utf8' })
  .stdout.split('\0')
  .filter(Boolean);
// pyscan's part is not timed here: one function per file, its complexity varied, is what the
// insights read of it.
const analyses = tracked.map(
  (path, i) =>
    ({
      file: { path },
      classes: [],
      functions: [{ path, class: '', name: 'f', lineno: 1, complexity: 1 + (i % 17), cognitive: i % 11 }],
    }) as unknown as FileAnalysis,
);

/** The stage as the service runs it since issue 17: one pass with insights, then computeInsights. */
const computeMs: number[] = [];
async function withInsights(parallelism: 1 | 2): Promise<number> {
  const h = await readGitHistory(repo, { parallelism, paths: tracked });
  const t = performance.now();
  const pairs = computeInsights(analyses, h).pairs.length;
  computeMs.push(performance.now() - t);
  return pairs;
}
const withoutInsights = (parallelism: 1 | 2) =>
  readGitHistory(repo, { parallelism, paths: tracked, insights: false });

const plain: Sample[] = [];
const one: Sample[] = [];
const two: Sample[] = [];
const oneIns: Sample[] = [];
const twoIns: Sample[] = [];
let files = 0;
let pairs = 0;
for (let i = 0; i < runs; i++) {
  plain.push(await timed(() => plainGitLog(repo)));
  one.push(await timed(async () => (files = (await collectGitHistory(repo, { parallelism: 1 })).size)));
  two.push(await timed(() => collectGitHistory(repo, { parallelism: 2 })));
  oneIns.push(await timed(async () => (pairs = await withInsights(1))));
  twoIns.push(await timed(() => withInsights(2)));
  // The baseline again, as the history stage measures it (discovered paths only), after the insights
  // so both orders are sampled.
  one.push(await timed(() => withoutInsights(1)));
  two.push(await timed(() => withoutInsights(2)));
}
const minOf = (xs: Sample[], k: 'wall' | 'cpu') => Math.min(...xs.map((x) => x[k]));
const extra = (a: Sample[], b: Sample[], k: 'wall' | 'cpu') =>
  `${(((minOf(b, k) - minOf(a, k)) / minOf(a, k)) * 100).toFixed(1)} %`;
console.log(`plain git log -M --numstat          ${best(plain)}`);
console.log(`collectGitHistory, one pass         ${best(one)}  (${files} files)`);
console.log(`collectGitHistory, two ranges       ${best(two)}`);
console.log(
  `history + insights, one pass        ${best(oneIns)}  (${tracked.length} .py files, ${pairs} coupled pairs)`,
);
console.log(`history + insights, two ranges      ${best(twoIns)}`);
console.log(
  `insights add: one pass ${extra(one, oneIns, 'wall')} wall, ${extra(one, oneIns, 'cpu')} CPU; two ranges ${extra(two, twoIns, 'wall')} wall, ${extra(two, twoIns, 'cpu')} CPU`,
);
console.log(`computeInsights alone: ${Math.min(...computeMs).toFixed(0)} ms (best)`);

// The service's own work without git's: the log parsed once into memory, then folded with and
// without the insights (best of 5), which a loaded machine disturbs far less than the git passes.
const log: LogCommit[] = [];
{
  const parser = new LogParser((c) => log.push(c));
  const child = spawn(
    'git',
    ['log', '--topo-order', '-M', '--no-ext-diff', '--no-color', ...LOG_FORMAT_ARGS, 'HEAD', '--'],
    {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (t: string) => parser.push(t));
  await new Promise((resolve) => child.on('close', resolve));
  parser.end();
}
const headTime = log[0]?.time ?? 0;
function fold(insights: boolean): number {
  const t = performance.now();
  const tracker = new HistoryTracker(tracked, { insights, recentSince: headTime - 90 * 86_400 });
  for (const c of log) tracker.apply(c);
  tracker.result(headTime);
  if (insights) {
    const h = {
      available: true,
      commitsRead: tracker.commits,
      headTime,
      files: tracker.result(headTime),
      churn: tracker.churn(),
      coupling: tracker.coupling(),
      names: tracker.authorNames(),
    };
    computeInsights(analyses, h);
  }
  return performance.now() - t;
}
const plainFold: number[] = [];
const insightFold: number[] = [];
for (let i = 0; i < 5; i++) {
  plainFold.push(fold(false));
  insightFold.push(fold(true));
}
const bestOf = (xs: number[]) => Math.min(...xs);
console.log(
  `fold of the parsed log (${log.length} commits): ${bestOf(plainFold).toFixed(0)} ms without insights, ${bestOf(insightFold).toFixed(0)} ms with (+${(bestOf(insightFold) - bestOf(plainFold)).toFixed(0)} ms)`,
);
console.log(`(best of ${runs} runs each; CPU = this process + git)`);
