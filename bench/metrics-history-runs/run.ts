// History runs and the content cache against their targets (issue 18), through the real service in this
// process (SQLite, each measurement on a fresh database, so every first run starts with a cold cache):
//   1. pylint off: one analysis of HEAD, then `history: {commits: 100}` (target: under 3 × the first);
//   2. pylint on: one analysis of HEAD, then the same request again `--reruns` times (target: under 10 %
//      of the first; for 300 files, under 0.5 s: issue 29).
// Usage (from the repository root):
//   npx tsx bench/metrics-history-runs/run.ts [--commits 18000] [--files 700] [--history 100]
//     [--zipf 1.2] [--docs 0.35] [--pylint on|off|both] [--reruns 1] [--source /usr/lib/python3.11]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readConfig } from '../../services/metrics/src/config.js';
import { createServer } from '../../services/metrics/src/server.js';
import { analysesRepo } from '../../services/metrics/src/store/repos/analyses-repo.js';
import { cachedHistoryRunsRepo } from '../shared/history-repo.js';
import { loadAverage, procCpuSeconds } from '../shared/proc-stats.js';

const { values } = parseArgs({
  options: {
    commits: { type: 'string', default: '18000' },
    files: { type: 'string', default: '700' },
    history: { type: 'string', default: '100' },
    zipf: { type: 'string', default: '1.2' },
    docs: { type: 'string', default: '0.35' },
    pylint: { type: 'string', default: 'both' },
    reruns: { type: 'string', default: '1' },
    source: { type: 'string', default: '/usr/lib/python3.11' },
  },
});
const COMMITS = Number(values.commits);
const FILES = Number(values.files);
const HISTORY = Number(values.history);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const { base, repoDir } = await cachedHistoryRunsRepo({
  source: values.source,
  commits: COMMITS,
  files: FILES,
  zipf: Number(values.zipf),
  docsShare: Number(values.docs),
});
const count = execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: repoDir, encoding: 'utf8' }).trim();
const pack = execFileSync('du', ['-sm', join(repoDir, '.git')], { encoding: 'utf8' }).split('\t')[0];
console.log(
  `repository: ${count} commits, .git ${pack} MB; zipf ${values.zipf}, docs-only share ${values.docs}`,
);

interface Measured {
  wall: number;
  cpu: number;
  stages: string;
  cache: unknown;
  files: number;
  children: number;
  /** This process's resident set and V8 heap after the run, in MB. */
  rssMb: number;
  heapMb: number;
}

/** A fresh service (new SQLite database, cold cache) that runs `bodies` one after another. */
async function session(pylint: boolean, bodies: Record<string, unknown>[]): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-history-runs-data-'));
  const cfg = readConfig({
    DATA_DIR: dataDir,
    GITHUB_BASE_URL: pathToFileURL(base).href,
    PYLINT_ENABLED: String(pylint),
    MAX_REPO_SIZE_MB: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PORT: '0',
  });
  const server = await createServer(cfg);
  const out: Measured[] = [];
  try {
    server.startWorker();
    // The worker threads start with the worker: wait for them, as a running service has them ready.
    await new Promise((r) => setTimeout(r, 3000));
    for (const body of bodies) {
      const cpu0 = procCpuSeconds();
      const res = await server.app.inject({ method: 'POST', url: '/api/analyses', payload: body });
      const id = (res.json() as { id: number }).id;
      let row = await analysesRepo.get(server.ctx.db, id);
      while (row && row.status !== 'done' && row.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 100));
        row = await analysesRepo.get(server.ctx.db, id);
      }
      if (row?.status !== 'done') throw new Error(`run failed: ${row?.error_code} ${row?.error_message}`);
      const cpu = procCpuSeconds() - cpu0;
      const st = analysesRepo.parseStages(row);
      const stages = st
        .slice(1)
        .map((x, i) => (i + 2 < st.length ? `${x.stage} ${s(st[i + 2]!.at - x.at)}` : ''))
        .filter(Boolean)
        .join(', ');
      const children = await server.ctx.db
        .selectFrom('analyses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('history_parent_id', '=', id)
        .executeTakeFirstOrThrow();
      const st0 = st.find((x) => x.stage === 'cloning')!.at;
      out.push({
        wall: st.find((x) => x.stage === 'done')!.at - st0,
        cpu,
        stages,
        cache: row.cache_stats ? JSON.parse(row.cache_stats) : null,
        files: row.progress_total,
        children: Number(children.n),
        rssMb: process.memoryUsage().rss / 2 ** 20,
        heapMb: process.memoryUsage().heapUsed / 2 ** 20,
      });
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

function show(label: string, m: Measured): void {
  console.log(`  ${label}: ${s(m.wall)} wall, ${m.cpu.toFixed(1)} s CPU; ${m.stages}`);
  console.log(`    cache ${JSON.stringify(m.cache)}${m.children ? `; ${m.children} per-commit runs` : ''}`);
  console.log(`    memory after: RSS ${m.rssMb.toFixed(0)} MB, heap used ${m.heapMb.toFixed(0)} MB`);
}
// Peak resident set of this process so far (the service, its worker threads; not its children).
const peakRss = () => `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`;

const repo = { repo_url: 'https://github.com/python/hist' };
if (values.pylint !== 'on') {
  console.log(`\npylint off; load average before: ${loadAverage()}`);
  const [head] = await session(false, [repo]);
  show('one analysis of HEAD', head!);
  const [hist] = await session(false, [{ ...repo, history: { commits: HISTORY } }]);
  show(`history: {commits: ${HISTORY}}`, hist!);
  console.log(
    `  ratio ${(hist!.wall / head!.wall).toFixed(2)} × (target < 3 ×); CPU ratio ${(hist!.cpu / head!.cpu).toFixed(2)} ×`,
  );
  console.log(`  load average after: ${loadAverage()}`);
}
if (values.pylint !== 'off') {
  console.log(`\npylint on; load average before: ${loadAverage()}`);
  const [first, ...again] = await session(true, Array(1 + Number(values.reruns)).fill(repo));
  show('first run', first!);
  for (const [i, m] of again.entries()) show(`re-run ${i + 1} of the same commit`, m);
  const walls = again.map((m) => m.wall).sort((a, b) => a - b);
  const median = walls[Math.floor(walls.length / 2)]!;
  console.log(
    `  re-run median ${s(median)} (${FILES} files; target < 0.5 s for 300), ${((100 * median) / first!.wall).toFixed(1)} % of the first (target < 10 %); CPU ${((100 * again[0]!.cpu) / first!.cpu).toFixed(1)} %`,
  );
  console.log(`  peak RSS ${peakRss()}; load average after: ${loadAverage()}`);
}
