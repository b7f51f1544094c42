import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Insertable } from 'kysely';
import { DAY_MS, markName } from '../../services/monitor/src/engine/rollups/rollup-job.js';
import { buildPublicView } from '../../services/monitor/src/public-face/status-pages/public-view-builder.js';
import { publicViewCache } from '../../services/monitor/src/public-face/status-pages/public-view-cache.js';
import { renderStatusPage } from '../../services/monitor/src/public-face/status-pages/render/render-status-page.js';
import { rollupsRepo } from '../../services/monitor/src/store/repos/rollups-repo.js';
import { statusPagesRepo } from '../../services/monitor/src/store/repos/status-pages-repo.js';
import type { CheckRollupsTable } from '../../services/monitor/src/store/schema.js';
import { quantile } from '../monitor-capacity/stats.js';
import { benchServer, insertHttpMonitors } from '../shared/monitor-bench.js';

/*
 * bench/monitor-status-page: the public page GET /status/{slug} (200 monitors in 5 sections,
 * 90-day bars from roll-ups) under a fixed request rate from autocannon on loopback, while the
 * real engine checks 5,000 HTTP monitors against a loopback target. Prints the load generator's
 * latency and errors, and the engine's scheduling lag before and during the load.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '5000' },
    'page-monitors': { type: 'string', default: '200' },
    sections: { type: 'string', default: '5' },
    interval: { type: 'string', default: '30' },
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
  },
});
const N = Number(values.monitors);
const ON_PAGE = Number(values['page-monitors']);
const SECTIONS = Number(values.sections);
const INTERVAL = Number(values.interval);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const log = (s: string) => process.stderr.write(`${s}\n`);

/** A child process that prints one line once it is ready; resolves with that line. */
function child(args: string[]): Promise<{ line: string; proc: ReturnType<typeof spawn> }> {
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.stdout!.once('data', (d: Buffer) => resolve({ line: d.toString().trim(), proc }));
    proc.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
  });
}

/** Runs autocannon (its CLI, in its own process) and returns its JSON summary. */
function autocannon(url: string, headers: string[]): Promise<AutocannonResult> {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
    'autocannon.js',
  );
  const args = [bin, '-j', '-c', values.connections, '-d', values.duration, '-R', values.rate];
  for (const h of headers) args.push('-H', h);
  args.push(url);
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon ${code}`)),
    );
  });
}

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}

const target = await child([
  '--import',
  'tsx',
  new URL('../monitor-capacity/target.ts', import.meta.url).pathname,
]);
const targetPort = Number(target.line);
let lagSink: number[] | null = null;
const { server, dataDir } = await benchServer('bench-status-page', values['database-url'], {
  engine: {
    onCheckStarted: (lag) => {
      lagSink?.push(lag);
    },
  },
});
const { db, engine } = server.ctx;
const now = Date.now();
log(`inserting ${N} HTTP monitors (every ${INTERVAL} s) and ${ON_PAGE} monitors' 90 days of roll-ups…`);
await insertHttpMonitors(db, {
  count: N,
  port: targetPort,
  intervalSeconds: INTERVAL,
  name: (i) => `Service ${i}`,
});
const ids = (await db.selectFrom('monitors').select('id').orderBy('id').execute()).map((r) => r.id);
// Every (monitors / page-monitors)th monitor is on the page, so it is spread over the engine's shards like any real page.
const onPage = ids.filter((_, i) => i % Math.floor(N / ON_PAGE) === 0).slice(0, ON_PAGE);
const today = Math.floor(now / DAY_MS) * DAY_MS;
const rollups: Insertable<CheckRollupsTable>[] = [];
for (const [i, id] of onPage.entries()) {
  for (let ago = 1; ago < 90; ago++) {
    if (ago > 60 + (i % 30)) continue; // some monitors are younger than the window: grey days
    const bad = (i * 7 + ago) % 23 === 0;
    rollups.push({
      monitor_id: id,
      period: 'day' as const,
      bucket_start: today - ago * DAY_MS,
      checks: 2880,
      up_checks: bad ? 2800 : 2880,
      latency_count: 2880,
      latency_avg: 12,
      latency_p95: 30,
    });
  }
}
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < rollups.length; i += 500)
    await trx
      .insertInto('check_rollups')
      .values(rollups.slice(i, i + 500))
      .execute();
});
await rollupsRepo.setMark(db, markName('day'), today);
const page = await statusPagesRepo.insert(db, {
  slug: 'bench',
  title: 'Bench status',
  description: 'Two hundred services in five sections',
  footer: null,
  uptime_days: 90,
  is_public: 1,
  created_at: now,
  updated_at: now,
});
const per = Math.ceil(onPage.length / SECTIONS);
await statusPagesRepo.replaceLayout(
  db,
  page.id,
  Array.from({ length: SECTIONS }, (_, s) => ({
    name: `Section ${s + 1}`,
    monitor_ids: onPage.slice(s * per, (s + 1) * per),
  })),
);

await server.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
const url = `${base}/status/bench`;
await engine.start();
log(`engine started; warming up ${values.warmup} s (the first round of checks)…`);
await new Promise((r) => setTimeout(r, Number(values.warmup) * 1000));

const first = await fetch(url);
const html = Buffer.from(await first.arrayBuffer());
if (first.status !== 200) throw new Error(`page answered ${first.status}`);
const bars = html.toString().match(/<i class="b /g)?.length ?? 0;

/** Median wall time of `f` over five runs, in ms (what one rebuild of the page costs). */
async function median(f: () => unknown): Promise<number> {
  const t: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  return Math.round(quantile(t, 0.5) * 10) / 10;
}
const view = (await buildPublicView(db, 'bench'))!;
const costs = {
  view_build_ms: await median(() => buildPublicView(db, 'bench')),
  html_render_ms: await median(() =>
    renderStatusPage(view, { subscriptions: false, assetBase: '/status-assets/x' }),
  ),
};

/** Engine lag over one window: p50/p99/max of (start - due) of the checks begun in it. */
async function lagDuring<T>(work: () => Promise<T>): Promise<{ result: T; lag: Record<string, number> }> {
  const sink: number[] = [];
  lagSink = sink;
  // How often the page's view was rebuilt meanwhile (each rebuild is one build and at most one render).
  const views = new Set<unknown>();
  const sampler = setInterval(() => {
    publicViewCache(server.ctx)
      .entry('bench')
      .then((e) => views.add(e?.view))
      .catch(() => {});
  }, 100);
  const result = await work();
  clearInterval(sampler);
  lagSink = null;
  return {
    result,
    lag: {
      views_seen: views.size,
      p50: quantile(sink, 0.5),
      p99: quantile(sink, 0.99),
      max: sink.length ? Math.max(...sink) : Number.NaN,
      checks: sink.length,
    },
  };
}

const out: Record<string, unknown> = {
  monitors: N,
  check_interval_s: INTERVAL,
  expected_checks_per_s: Math.round((N / INTERVAL) * 10) / 10,
  page_monitors: onPage.length,
  sections: SECTIONS,
  bars,
  html_bytes: html.length,
  html_gzip_bytes: gzipSync(html).length,
  ...costs,
  database: server.ctx.dialect,
  rate_per_s: Number(values.rate),
  duration_s: Number(values.duration),
  load_average_before: load(),
};
log(`idle window (${values.duration} s) for the engine's lag without page load…`);
out.idle = (await lagDuring(() => new Promise((r) => setTimeout(r, Number(values.duration) * 1000)))).lag;
// The page as browsers fetch it (gzip), as a client without compression does, and the health
// check under the same load as the floor any request on this machine pays.
const phases: [string, string, string[]][] = [
  ['health_baseline', `${base}/api/health`, []],
  ['page_gzip', url, ['accept-encoding=gzip, deflate, br']],
  ['page_identity', url, []],
];
for (const [name, target, headers] of phases) {
  log(`load: ${values.rate} req/s for ${values.duration} s, ${name}…`);
  const { result, lag } = await lagDuring(() => autocannon(target, headers));
  out[name] = {
    requests: result.requests.total,
    ok_2xx: result['2xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    non_2xx: result.non2xx,
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    mb_per_s: Math.round((result.throughput.average / 1e6) * 10) / 10,
    engine_lag_ms: lag,
  };
}
out.load_average_after = load();
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
await engine.stop();
await server.close();
target.proc.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
