// Compares the metrics service's git_analysis (collectGitHistory) with one plain
// `git log -M --numstat` pass over the same history. Usage (from the repository root):
//   npx tsx bench/metrics-history/run.ts [--commits 3000] [--runs 2] [--repo <path to a full clone>]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { collectGitHistory } from '../../services/metrics/src/history/git-history.js';
import { buildHistoryRepo } from './build-history-repo.js';
import { best, type Sample, timed } from './cpu.js';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '3000' },
    repo: { type: 'string' },
    runs: { type: 'string', default: '2' },
  },
});
const commits = Number(values.commits);
const runs = Number(values.runs);

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
  dir = join(tmpdir(), `metrics-history-bench-${commits}`);
  if (!existsSync(join(dir, '.git'))) {
    const t = performance.now();
    await buildHistoryRepo({ source: stdlib(), dir, commits });
    console.log(`built ${dir}: ${commits} commits in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}
const repo = dir;
const count = spawnSync('git', ['rev-list', '--count', 'HEAD'], {
  cwd: repo,
  encoding: 'utf8',
}).stdout.trim();
console.log(`repository ${repo}: ${count} commits`);

const plain: Sample[] = [];
const one: Sample[] = [];
const two: Sample[] = [];
let files = 0;
for (let i = 0; i < runs; i++) {
  plain.push(await timed(() => plainGitLog(repo)));
  one.push(await timed(async () => (files = (await collectGitHistory(repo, { parallelism: 1 })).size)));
  two.push(await timed(() => collectGitHistory(repo, { parallelism: 2 })));
}
console.log(`plain git log -M --numstat          ${best(plain)}`);
console.log(`collectGitHistory, one pass         ${best(one)}  (${files} files)`);
console.log(`collectGitHistory, two ranges       ${best(two)}`);
console.log(`(best of ${runs} runs each; CPU = this process + git)`);
