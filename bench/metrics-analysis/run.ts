// Times every stage of a real analysis by the metrics service of a repository built from the whole
// standard library with a few thousand commits, with pylint off and on, next to the tools alone:
// one plain `git log -M --numstat` pass and `pylint -j 2` over the same files.
// Usage (from the repository root):
//   npx tsx bench/metrics-analysis/run.ts [--commits 3000] [--pylint off|on|both] [--tools yes|no]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readConfig } from '../../services/metrics/src/config.js';
import { createServer } from '../../services/metrics/src/server.js';
import { analysesRepo } from '../../services/metrics/src/store/repos/analyses-repo.js';
import { buildStdlibRepo } from './build-stdlib-repo.js';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '3000' },
    pylint: { type: 'string', default: 'both' },
    tools: { type: 'string', default: 'yes' },
  },
});
const commits = Number(values.commits);

function stdlib(): string {
  const r = spawnSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], {
    encoding: 'utf8',
  });
  return r.stdout.trim();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** CPU seconds of this process (worker threads included) plus its waited-for children (git, pylint). */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of proc(5): utime, stime, cutime, cstime, in clock ticks (100 per second on Linux).
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

// `<base>/python/stdlib` so that GITHUB_BASE_URL=file://<base> serves https://github.com/python/stdlib.
const base = join(tmpdir(), `metrics-analysis-stdlib-${commits}`);
const repoDir = join(base, 'python', 'stdlib');
if (!existsSync(join(repoDir, '.git'))) {
  const t = performance.now();
  await buildStdlibRepo({ source: stdlib(), dir: repoDir, commits });
  console.log(`built ${repoDir}: ${commits} commits in ${seconds(performance.now() - t)}`);
}
const count = spawnSync('git', ['rev-list', '--count', 'HEAD'], {
  cwd: repoDir,
  encoding: 'utf8',
}).stdout.trim();
console.log(
  `repository: ${count} commits; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);

interface StageTimes {
  /** CPU seconds spent while each stage was current (sampled every 100 ms). */
  cpu: Record<string, number>;
  files: number;
  functions: number;
  stages: Record<string, number>;
  afterClone: number;
  total: number;
  paths: string[];
}

/** One analysis through the real service (in this process, SQLite, worker with its defaults). */
async function analyse(pylint: boolean): Promise<StageTimes> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-analysis-data-'));
  const server = await createServer(
    readConfig({
      DATA_DIR: dataDir,
      GITHUB_BASE_URL: pathToFileURL(base).href,
      CLONE_SHALLOW: 'false',
      PYLINT_ENABLED: String(pylint),
      LOG_LEVEL: 'warn',
      PORT: '0',
    }),
  );
  try {
    server.startWorker();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/analyses',
      payload: { repo_url: 'https://github.com/python/stdlib' },
    });
    const id = (res.json() as { id: number }).id;
    const cpu: Record<string, number> = {};
    let stage = 'pending';
    let mark = cpuSeconds();
    for (;;) {
      const row = await analysesRepo.get(server.ctx.db, id);
      if (row && row.stage !== stage) {
        const now = cpuSeconds();
        cpu[stage] = now - mark;
        mark = now;
        stage = row.stage;
      }
      if (row?.status === 'failed') throw new Error(`run failed: ${row.error_code} ${row.error_message}`);
      if (row?.status === 'done') {
        const stages = analysesRepo.parseStages(row);
        const out: Record<string, number> = {};
        for (let i = 1; i < stages.length; i++) out[stages[i - 1]!.stage] = stages[i]!.at - stages[i - 1]!.at;
        const at = (s: string) => stages.find((x) => x.stage === s)!.at;
        const summary = JSON.parse(row.summary ?? '{}') as {
          files: number;
          functions: number;
          parse_errors: number;
        };
        console.log(`  warnings: ${row.warnings}; parse errors: ${summary.parse_errors}`);
        const csv = readFileSync(join(dataDir, 'outputs', row.output_name!, 'file.csv'), 'utf8');
        const paths = csv
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .map((l) => (l.startsWith('"') ? l.slice(1, l.indexOf('"', 1)) : l.slice(0, l.indexOf(','))));
        return {
          cpu,
          files: summary.files,
          functions: summary.functions,
          stages: out,
          afterClone: at('done') - at('discovering'),
          total: at('done') - at('cloning'),
          paths,
        };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timedProcess(cmd: string, args: string[], cwd: string): Promise<string> {
  const t = performance.now();
  const c = cpuSeconds();
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
  child.stdout.resume();
  await new Promise((resolve) => child.on('close', resolve));
  return `${seconds(performance.now() - t)} wall, ${(cpuSeconds() - c).toFixed(1)} s cpu`;
}

const modes = values.pylint === 'both' ? [false, true] : [values.pylint === 'on'];
const results: [string, StageTimes][] = [];
for (const pylint of modes) {
  const r = await analyse(pylint);
  results.push([pylint ? 'pylint on' : 'pylint off', r]);
  console.log(
    `\nservice, ${pylint ? 'pylint on' : 'pylint off'}: ${r.files} files, ${r.functions} functions`,
  );
  console.log(`  ${'stage'.padEnd(13)} ${'wall'.padStart(8)} ${'cpu'.padStart(8)}`);
  for (const [stage, ms] of Object.entries(r.stages)) {
    const cpu = r.cpu[stage] === undefined ? '' : `${r.cpu[stage]!.toFixed(1)} s`;
    console.log(`  ${stage.padEnd(13)} ${seconds(ms).padStart(8)} ${cpu.padStart(8)}`);
  }
  console.log(`  after clone   ${seconds(r.afterClone)}\n  whole run     ${seconds(r.total)}`);
}

if (values.tools === 'yes' && results.length > 0) {
  const paths = results[0]![1].paths;
  const clone = mkdtempSync(join(tmpdir(), 'metrics-analysis-clone-'));
  spawnSync('git', ['clone', '-q', pathToFileURL(repoDir).href, clone]);
  console.log('\ntools alone, same clone and files:');
  const gitLog = await timedProcess('git', ['log', '-M', '--numstat', 'HEAD'], clone);
  console.log(`  git log -M --numstat   ${gitLog}`);
  const pylint = await timedProcess('pylint', ['-j', '2', '--output-format=json', '--', ...paths], clone);
  console.log(`  pylint -j 2 (${paths.length} files)   ${pylint}`);
  rmSync(clone, { recursive: true, force: true });
}
