import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { DAY_MS, HOUR_MS, markName } from '../../services/monitor/src/engine/rollups/rollup-job.js';
import { buildPublicView } from '../../services/monitor/src/public-face/status-pages/public-view-builder.js';
import { publicViewCache } from '../../services/monitor/src/public-face/status-pages/public-view-cache.js';
import { checkResultsRepo } from '../../services/monitor/src/store/repos/check-results-repo.js';
import { rollupsRepo } from '../../services/monitor/src/store/repos/rollups-repo.js';
import { quantile } from '../monitor-capacity/stats.js';
import { benchServer } from '../shared/monitor-bench.js';

/*
 * bench/monitor-status-view: a public status page of 200 monitors in 5 sections with 90 days of
 * roll-ups, the raw results of the hour in progress, maintenance windows and incidents. Times (1) a
 * cold build of its public view (what a request pays after a page edit), a rebuild after a status
 * change (the roll-up part of the bars kept, the hour in progress counted again) and (2) GET /api/public/status-pages/{slug} over real HTTP
 * on loopback at a fixed concurrency, with a status-change event on the page every second so the
 * view keeps being rebuilt while it is served.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '200' },
    sections: { type: 'string', default: '5' },
    days: { type: 'string', default: '90' },
    builds: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    // Raw results per monitor in the hour in progress: a check every 20 s, at the hour's end.
    'raw-per-hour': { type: 'string', default: '180' },
    'database-url': { type: 'string' },
  },
});
const monitors = Number(values.monitors);
const sectionCount = Number(values.sections);
const days = Number(values.days) as 30 | 60 | 90 | 365;

const { server, dataDir } = await benchServer('bench-status-view', values['database-url']);
const { db, dialect } = server.ctx;
const login = await server.app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: 'bench-password-1' },
});
const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await server.app.inject({ method, url, payload, headers: auth });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
};

console.error(`seeding ${monitors} monitors, ${days} days of roll-ups (${dialect})…`);
const ids: number[] = [];
for (let i = 0; i < monitors; i++) {
  ids.push((await call('POST', '/api/monitors', { name: `service-${i}`, monitor_type: 'heartbeat' })).id);
}
const now = Date.now();
const today = Math.floor(now / DAY_MS) * DAY_MS;
const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
const rows = [];
for (const id of ids) {
  for (let d = days - 1; d >= 1; d--) {
    rows.push({
      monitor_id: id,
      period: 'day' as const,
      bucket_start: today - d * DAY_MS,
      checks: 1440,
      up_checks: 1440 - ((id + d) % 7 === 0 ? 30 : 0),
      latency_count: 1440,
      latency_avg: 40,
      latency_p95: 90,
    });
  }
  for (let h = today; h < hour; h += HOUR_MS) {
    rows.push({
      monitor_id: id,
      period: 'hour' as const,
      bucket_start: h,
      checks: 60,
      up_checks: 60,
      latency_count: 60,
      latency_avg: 40,
      latency_p95: 90,
    });
  }
}
await rollupsRepo.upsert(db, rows);
const perHour = Number(values['raw-per-hour']);
const results = [];
for (const id of ids) {
  for (let k = 0; k < perHour; k++) {
    const up = (id + k) % 50 !== 0;
    results.push({
      monitor_id: id,
      checked_at: hour + Math.floor((k * (now - hour)) / perHour),
      status: up ? 1 : 0,
      response_time_ms: up ? 40 : null,
      status_code: up ? 200 : null,
      error: up ? null : 'timeout',
      tls_days_left: null,
    });
  }
}
for (let i = 0; i < results.length; i += 1000)
  await checkResultsRepo.insertMany(db, results.slice(i, i + 1000));
await rollupsRepo.setMark(db, markName('day'), today);
await rollupsRepo.setMark(db, markName('hour'), hour);
const perSection = Math.ceil(monitors / sectionCount);
await call('POST', '/api/status-pages', {
  slug: 'bench',
  title: 'Bench',
  uptime_days: days,
  is_public: true,
  sections: Array.from({ length: sectionCount }, (_, s) => ({
    name: `Section ${s + 1}`,
    monitor_ids: ids.slice(s * perSection, (s + 1) * perSection),
  })),
});
const iso = (ms: number) => new Date(ms).toISOString();
await call('POST', '/api/maintenance', {
  name: 'nightly',
  starts_at: iso(today - 200 * DAY_MS),
  recurrence: { cron: '0 3 * * *', duration_minutes: 30 },
  monitor_ids: ids.slice(0, 20),
});
await call('POST', '/api/maintenance', {
  name: 'upgrade',
  starts_at: iso(now + DAY_MS),
  ends_at: iso(now + DAY_MS + HOUR_MS),
  monitor_ids: [],
});
for (let i = 0; i < 10; i++) {
  const inc = await db
    .insertInto('incidents')
    .values({
      monitor_id: ids[i]!,
      status: i < 3 ? 'open' : 'resolved',
      started_at: now - (i + 1) * HOUR_MS * 5,
      resolved_at: i < 3 ? null : now - i * HOUR_MS * 5,
      reminders_sent: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('incident_updates')
    .values(
      [0, 1, 2].map((k) => ({
        incident_id: inc.id,
        status: 'investigating' as const,
        message: `update ${k}`,
        author_id: null,
        author_name: 'bench',
        created_at: now - (i + 1) * HOUR_MS + k,
      })),
    )
    .execute();
}
await server.ctx.maintenance.reload();

// (1) Cold builds.
const buildMs: number[] = [];
let size = 0;
let zippedSize = 0;
for (let i = 0; i < Number(values.builds); i++) {
  const t = performance.now();
  const view = await buildPublicView(db, 'bench', Date.now(), { windows: server.ctx.maintenance.list() });
  buildMs.push(performance.now() - t);
  const json = JSON.stringify(view);
  size = json.length;
  zippedSize = gzipSync(json).length;
}

// (1b) Rebuilds after a status change: the view is dropped, the roll-up part of its bars is kept.
const cache = publicViewCache(server.ctx);
await cache.entry('bench');
const rebuildMs: number[] = [];
for (let i = 0; i < Number(values.builds); i++) {
  server.ctx.bus.publish('monitor.status_changed', { monitor_id: ids[0], status: 'up', prev_status: 'down' });
  const t = performance.now();
  await cache.entry('bench');
  rebuildMs.push(performance.now() - t);
}

// (2) The JSON twin over HTTP, with an invalidating event every second.
await server.app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/public/status-pages/bench`;
const agent = new Agent({ connections: Number(values.concurrency), pipelining: 1 });
const churn = setInterval(() => {
  server.ctx.bus.publish('monitor.status_changed', { monitor_id: ids[0], status: 'up', prev_status: 'down' });
}, 1000);

/** Requests from `concurrency` workers for the given seconds; `revalidate`: as a poller with its ETag. */
async function load(revalidate: boolean, gzip = false) {
  const latencies: number[] = [];
  let errors = 0;
  let notModified = 0;
  let etag = '';
  const deadline = performance.now() + Number(values.seconds) * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      const res = await request(url, {
        dispatcher: agent,
        headers: {
          ...(revalidate && etag ? { 'if-none-match': etag } : {}),
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      });
      await res.body.arrayBuffer();
      if (res.statusCode === 304) notModified++;
      else if (res.statusCode === 200) etag = String(res.headers.etag);
      else errors++;
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  return { latencies, errors, notModified, rate: latencies.length / ((performance.now() - started) / 1000) };
}
const full = await load(false);
const zipped = await load(false, true);
const polled = await load(true);
clearInterval(churn);
await agent.close();

const f = (v: number) => v.toFixed(2);
console.log(`monitor-status-view: ${monitors} monitors, ${sectionCount} sections, ${days} days, ${dialect}`);
console.log(`view JSON: ${(size / 1024).toFixed(0)} KiB, gzipped ${(zippedSize / 1024).toFixed(0)} KiB`);
console.log(`raw results in the hour in progress: ${results.length} (${perHour} per monitor)`);
console.log(
  `rebuild after a status change (ms, ${rebuildMs.length}): p50 ${f(quantile(rebuildMs, 0.5))}  p99 ${f(quantile(rebuildMs, 0.99))}  max ${f(Math.max(...rebuildMs))}`,
);
console.log(
  `cold build (ms, ${buildMs.length} builds): p50 ${f(quantile(buildMs, 0.5))}  p99 ${f(quantile(buildMs, 0.99))}  max ${f(Math.max(...buildMs))}`,
);
for (const [name, r] of [
  ['full bodies', full],
  ['full bodies gzipped', zipped],
  ['If-None-Match polls', polled],
] as const) {
  console.log(
    `JSON twin, ${name}, concurrency ${values.concurrency}, status change every 1 s: ${r.rate.toFixed(0)} req/s, ` +
      `p50 ${f(quantile(r.latencies, 0.5))} ms  p99 ${f(quantile(r.latencies, 0.99))} ms  max ${f(Math.max(...r.latencies))} ms, ` +
      `304s ${r.notModified}, errors ${r.errors}`,
  );
}
await server.close();
rmSync(dataDir, { recursive: true, force: true });
