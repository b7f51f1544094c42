// The re-run of an already analysed commit (issue 29: under 0.5 s for ~300 files), through the real
// service in this process (SQLite): a generated repository served over file://, one first run, then
// `--reruns` runs of the same request on the same database. Prints each re-run's wall time (request to
// done, as a client sees it, and the stored cloning → done), its CPU seconds (this process, its threads
// and its waited-for children: git, pylint), its stages, and the peak RSS.
// Usage (from the repository root):
//   npx tsx bench/metrics-rerun/run.ts [--files 300] [--commits 300] [--reruns 5] [--pylint off|on]
//     [--max-repo-mb 500] (the service's default MAX_REPO_SIZE_MB)
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cachedHistoryRunsRepo } from '../shared/history-repo.js';
import { runAnalysis, stagesLine, startMetricsServer } from '../shared/metrics-run.js';
import { loadAverage } from '../shared/proc-stats.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '300' },
    commits: { type: 'string', default: '300' },
    reruns: { type: 'string', default: '5' },
    pylint: { type: 'string', default: 'off' },
    'max-repo-mb': { type: 'string', default: '500' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
  },
});
const FILES = Number(values.files);
const COMMITS = Number(values.commits);
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

// The same generated repository as bench/metrics-history-runs (and its cache folder).
const { base, repoDir } = await cachedHistoryRunsRepo({
  source: values.source,
  commits: COMMITS,
  files: FILES,
  zipf: 1.2,
  docsShare: 0.35,
});
const count = execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).trim();
console.log(
  `repository: ${count} commits, ${FILES} Python files at HEAD, served from ${pathToFileURL(base).href}`,
);

const { server, close } = await startMetricsServer('metrics-rerun-data', {
  GITHUB_BASE_URL: pathToFileURL(base).href,
  PYLINT_ENABLED: String(values.pylint === 'on'),
  MAX_REPO_SIZE_MB: values['max-repo-mb'],
});

/** One run of the request: request → done as the client sees it, stored stages, CPU. */
async function once(): Promise<{ wall: number; stored: number; cpu: number; stages: string; cache: string }> {
  const r = await runAnalysis(server, { repo_url: 'https://github.com/python/hist' });
  // Stored cloning → done: the stages from cloning on.
  const from = r.stages.findIndex((x) => x.stage === 'cloning');
  const stored = r.stages.slice(from).reduce((n, x) => n + x.seconds * 1000, 0);
  const c = r.row.cache_stats ? JSON.parse(r.row.cache_stats) : {};
  const cache = `hit ${c.blobs_hit}, measured ${c.blobs_measured}, pylint ${c.pylint}, rows from ${c.rows_reused_from}`;
  return { wall: r.wall, stored, cpu: r.cpu, stages: stagesLine(r, 3), cache };
}

try {
  console.log(`pylint ${values.pylint}; load average before: ${loadAverage()}`);
  const runs = [];
  for (let i = 0; i <= Number(values.reruns); i++) {
    const m = await once();
    runs.push(m);
    const label = i === 0 ? 'first run' : `re-run ${i}`;
    console.log(
      `${label}: ${s(m.wall)} wall (stored ${s(m.stored)}), ${m.cpu.toFixed(2)} s CPU; load ${loadAverage()}`,
    );
    console.log(`  ${m.stages}`);
    console.log(`  ${m.cache}`);
  }
  const again = runs.slice(1);
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `re-run median: ${s(med(again.map((m) => m.wall)))} wall, ${med(again.map((m) => m.cpu)).toFixed(2)} s CPU (target < 0.5 s for 300 files)`,
  );
  console.log(
    `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; load average after: ${loadAverage()}`,
  );
} finally {
  await close();
}
