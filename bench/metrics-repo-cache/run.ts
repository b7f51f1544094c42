// The repository cache and the incremental history (issue 38), side by side in one run: a generated
// repository of sqlalchemy's size (GitHub is not reachable from the benchmark machines) served over
// file://, analysed with full history by the real service in this process (SQLite):
//   today:  REPO_CACHE_MB=0 (a fresh full clone and a full `git log` pass every run): first run, re-run;
//   cache:  default REPO_CACHE_MB: first run (mirror created), re-run of the same commit, and a run of
//           the commit 20 commits later (pushed to the served repository in between).
// Each with pylint off, then (with --pylint both) on. Prints wall (request to done) and CPU seconds
// (this process, its threads and waited-for children: git, pylint) per run, the ratios to the first
// run, the cache figures, the peak RSS and the load averages.
// Usage (from the repository root):
//   npx tsx bench/metrics-repo-cache/run.ts [--files 400] [--commits 6000] [--pylint off|on|both]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cachedHistoryRunsRepo } from '../shared/history-repo.js';
import { runAnalysis, stagesLine, startMetricsServer } from '../shared/metrics-run.js';
import { loadAverage } from '../shared/proc-stats.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '400' },
    commits: { type: 'string', default: '6000' },
    pylint: { type: 'string', default: 'both' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
  },
});
const FILES = Number(values.files);
const COMMITS = Number(values.commits);

const { repoDir } = await cachedHistoryRunsRepo({
  source: values.source,
  commits: COMMITS,
  files: FILES,
  zipf: 1.2,
  docsShare: 0.35,
});
const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();

// A served copy this benchmark may push to (objects hard-linked from the cached build).
const work = mkdtempSync(join(tmpdir(), 'metrics-repo-cache-bench-'));
const served = join(work, 'serve', 'python', 'hist');
git(work, ['clone', '-q', '--bare', '--local', repoDir, served]);
const start = git(served, ['rev-parse', 'HEAD']);
// The 20 later commits, made once in a work tree: edits of hot Python files, as the repository's own.
const tree = join(work, 'tree');
git(work, ['clone', '-q', served, tree]);
const pyFiles = git(tree, ['ls-files', '*.py']).split('\n');
for (let i = 0; i < 20; i++) {
  const f = join(tree, pyFiles[(i * 37) % pyFiles.length]!);
  writeFileSync(f, `${readFileSync(f, 'utf8')}\nbench_later_${i} = ${i}\n`);
  git(tree, [
    '-c',
    'user.name=Later',
    '-c',
    'user.email=later@example.com',
    'commit',
    '-q',
    '-am',
    `later ${i}`,
  ]);
}
git(tree, ['push', '-q', 'origin', 'HEAD:refs/heads/later']);
const later = git(tree, ['rev-parse', 'HEAD']);
const count = git(served, ['rev-list', '--count', start]);
console.log(
  `repository: ${count} commits, ${pyFiles.length} Python files at HEAD (generated, sqlalchemy-sized: GitHub is not reachable here), served from ${served}`,
);

interface Run {
  label: string;
  wall: number;
  cpu: number;
  stages: string;
  cache: string;
}

async function series(
  pylint: boolean,
  repoCacheMb: string,
  steps: ('first' | 'rerun' | 'later')[],
): Promise<Run[]> {
  git(served, ['update-ref', 'refs/heads/main', start]);
  const { server, close } = await startMetricsServer('metrics-repo-cache-data', {
    GITHUB_BASE_URL: pathToFileURL(join(work, 'serve')).href,
    CLONE_SHALLOW: 'false',
    PYLINT_ENABLED: String(pylint),
    REPO_CACHE_MB: repoCacheMb,
    MAX_REPO_SIZE_MB: '2000',
  });
  const out: Run[] = [];
  try {
    for (const step of steps) {
      if (step === 'later') git(served, ['update-ref', 'refs/heads/main', later]);
      const r = await runAnalysis(server, { repo_url: 'https://github.com/python/hist' });
      const wall = r.wall / 1000;
      const cpu = r.cpu;
      const stages = stagesLine(r);
      const row = r.row;
      const c = row.cache_stats ? JSON.parse(row.cache_stats) : {};
      const h = c.git_history;
      const cache = `blobs hit ${c.blobs_hit}, measured ${c.blobs_measured}, pylint ${c.pylint}, rows from ${c.rows_reused_from}; history ${h ? `${h.mode} walked ${h.commits_walked} reused ${h.commits_reused}${h.reason ? ` (${h.reason})` : ''}` : 'no cache'}; mirror ${c.repo_cache?.action ?? 'none'}; pylint files ${c.pylint_files ? `reused ${c.pylint_files.reused}, linted ${c.pylint_files.linted}` : 'none'}`;
      out.push({ label: step, wall, cpu, stages, cache });
      console.log(`  ${step}: ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU; load ${loadAverage()}`);
      console.log(`    ${stages}`);
      console.log(`    ${cache}`);
    }
  } finally {
    await close();
  }
  return out;
}

const modes = values.pylint === 'both' ? [false, true] : [values.pylint === 'on'];
const table: string[] = [];
try {
  console.log(`load average before: ${loadAverage()}`);
  for (const pylint of modes) {
    console.log(`pylint ${pylint ? 'on' : 'off'}, today (REPO_CACHE_MB=0):`);
    const today = await series(pylint, '0', ['first', 'rerun']);
    console.log(`pylint ${pylint ? 'on' : 'off'}, repository cache:`);
    const cached = await series(pylint, '2000', ['first', 'rerun', 'later']);
    const first = cached[0]!;
    const pct = (r: Run) =>
      `${((100 * r.wall) / first.wall).toFixed(1)} % wall, ${((100 * r.cpu) / first.cpu).toFixed(1)} % CPU`;
    table.push(
      `pylint ${pylint ? 'on ' : 'off'} | today first ${today[0]!.wall.toFixed(2)} s (${today[0]!.cpu.toFixed(2)} CPU), re-run ${today[1]!.wall.toFixed(2)} s (${today[1]!.cpu.toFixed(2)} CPU)` +
        ` | cache first ${first.wall.toFixed(2)} s (${first.cpu.toFixed(2)} CPU), re-run ${cached[1]!.wall.toFixed(2)} s (${pct(cached[1]!)}), +20 commits ${cached[2]!.wall.toFixed(2)} s (${pct(cached[2]!)})`,
    );
  }
  console.log('\nsummary (ratios are to the cached first run):');
  for (const l of table) console.log(`  ${l}`);
  console.log(
    `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; load average after: ${loadAverage()}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
