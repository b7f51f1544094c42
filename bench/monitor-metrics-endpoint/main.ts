import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { PendingResult } from '../../services/monitor/src/engine/results/result-writer.js';
import { writeMonitorSeries } from '../../services/monitor/src/public-face/prometheus/monitor-series.js';
import { prometheusRepo } from '../../services/monitor/src/store/repos/prometheus-repo.js';
import type { MonitorStatus } from '../../services/monitor/src/store/schema.js';
import { quantile } from '../monitor-capacity/stats.js';
import { benchServer } from '../shared/monitor-bench.js';

/*
 * bench/monitor-metrics-endpoint: N monitors (default 10,000) of every type and state, with
 * stored results counted as the engine counts them, then GET /metrics over real HTTP on loopback
 * with an API key, several scrapes: latency p50/max and bytes. Targets: under 200 ms, under 5 MB.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '10000' },
    scrapes: { type: 'string', default: '20' },
    'results-per-monitor': { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const total = Number(values.monitors);
const scrapes = Number(values.scrapes);
const perMonitor = Number(values['results-per-monitor']);

const { server, dataDir } = await benchServer('bench-metrics-endpoint', values['database-url']);
const { db, dialect } = server.ctx;

// A realistic mix: mostly HTTPS checks (they carry certificate days), some TCP, TLS, DNS and
// heartbeats; most up, a few down, in maintenance, paused or not checked yet.
const TYPES = [
  'http_get',
  'http_get',
  'http_get',
  'http_get',
  'http_post',
  'tcp',
  'tls',
  'dns',
  'ping',
  'heartbeat',
];
const REGIONS = ['eu-west', 'us-east', 'ap-south', 'eu-central'];
const stateOf = (i: number): MonitorStatus =>
  i % 50 === 0
    ? 'down'
    : i % 97 === 0
      ? 'maintenance'
      : i % 89 === 0
        ? 'paused'
        : i % 83 === 0
          ? 'pending'
          : 'up';
const urlOf = (type: string, i: number) =>
  type.startsWith('http_')
    ? `https://service-${i}.example.com/health`
    : type === 'tcp'
      ? `db-${i}.example.com:5432`
      : type === 'tls'
        ? `mail-${i}.example.com:465`
        : type === 'heartbeat'
          ? null
          : `host-${i}.example.com`;

console.error(`creating ${total} monitors with ${perMonitor} results each (${dialect})…`);
const now = Date.now();
const CHUNK = 500;
for (let start = 1; start <= total; start += CHUNK) {
  const rows = [];
  for (let i = start; i < Math.min(total + 1, start + CHUNK); i++) {
    const type = TYPES[i % TYPES.length]!;
    const status = stateOf(i);
    const checked = status !== 'pending';
    rows.push({
      name: `Service ${i} ${type === 'heartbeat' ? 'nightly job' : 'health'} (${REGIONS[i % REGIONS.length]})`,
      monitor_type: type,
      url: urlOf(type, i),
      check_interval_seconds: 60,
      timeout_seconds: 10,
      retry_count: 3,
      retry_interval_seconds: 20,
      expected_status_codes: '2xx',
      max_redirects: 10,
      ignore_tls_errors: 0,
      dns_record_type: 'A',
      tls_warn_days: 14,
      heartbeat_grace_seconds: 60,
      paused: status === 'paused' ? 1 : 0,
      current_status: status,
      last_checked_at: checked ? now - (i % 60) * 1000 : null,
      last_response_time_ms: checked && type !== 'heartbeat' ? 20 + (i % 400) : null,
      last_status_code: checked && type.startsWith('http_') ? 200 : null,
      consecutive_failures: status === 'down' ? 4 : 0,
      last_tls_days_left: type.startsWith('http_') || type === 'tls' ? 5 + (i % 80) : null,
      created_at: now,
      updated_at: now,
    });
  }
  await db.insertInto('monitors').values(rows).execute();
}
// Results in the database, and the same results counted as the engine counts what it stores.
const series =
  dialect === 'postgres'
    ? sql`select n from generate_series(0::bigint, ${total * perMonitor - 1}::bigint) as n`
    : sql`with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${total * perMonitor - 1}) select n from seq`;
await sql`
  insert into check_results (monitor_id, checked_at, status, response_time_ms, status_code, error, tls_days_left)
  select n % ${total} + 1, ${now - 3_600_000} + n, case when n % 50 = 0 then 0 else 1 end, 20 + n % 400, null, null, null
  from (${series}) as s`.execute(db);
for (let n = 0; n < total * perMonitor; n += 10_000) {
  const batch: PendingResult[] = [];
  for (let k = n; k < Math.min(total * perMonitor, n + 10_000); k++) {
    batch.push({ monitor_id: (k % total) + 1, status: k % 50 === 0 ? 'down' : 'up' } as PendingResult);
  }
  server.ctx.prometheus.resultsStored(batch, 1);
}

await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${origin}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const keyRes = await fetch(`${origin}/api/api-keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ name: 'prometheus' }),
});
const { raw_key: apiKey } = (await keyRes.json()) as { raw_key: string };

const WARM_UP = 3;
/** One scrape over plain node:http (no client-side decompression): status, body bytes, time. */
function scrapeOnce(
  encoding: 'identity' | 'gzip',
): Promise<{ ms: number; cpuMs: number; bytes: number; lines: number }> {
  const s = performance.now();
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/metrics`,
      { headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': encoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - s;
          const used = process.cpuUsage(cpu);
          if (res.statusCode !== 200) return reject(new Error(`/metrics answered ${res.statusCode}`));
          const body = Buffer.concat(chunks);
          const text = encoding === 'gzip' ? gunzipSync(body) : body;
          resolve({
            ms,
            cpuMs: (used.user + used.system) / 1000,
            bytes: body.byteLength,
            lines: text.toString('utf8').split('\n').length - 1,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
const r = (v: number) => Math.round(v * 10) / 10;
for (const encoding of ['identity', 'gzip'] as const) {
  const times: number[] = [];
  const cpu: number[] = [];
  let last = { ms: 0, cpuMs: 0, bytes: 0, lines: 0 };
  for (let i = 0; i < scrapes + WARM_UP; i++) {
    last = await scrapeOnce(encoding);
    if (i >= WARM_UP) {
      times.push(last.ms);
      cpu.push(last.cpuMs);
    }
  }
  console.log(
    JSON.stringify({
      monitors: total,
      database: dialect,
      encoding,
      scrapes,
      ms: { p50: r(quantile(times, 0.5)), max: r(Math.max(...times)) },
      // Server and client share this process: CPU spent per scrape, which load does not inflate.
      cpu_ms_p50: r(quantile(cpu, 0.5)),
      bytes: last.bytes,
      megabytes: r(last.bytes / 1e6),
      lines: last.lines,
      targets: { ms: 200, megabytes: 5 },
    }),
  );
}
// The two parts of a scrape on their own: the read of the monitors and the text writing.
const readTimes: number[] = [];
const writeTimes: number[] = [];
for (let i = 0; i < scrapes; i++) {
  const a = performance.now();
  const rows = await prometheusRepo.monitors(db);
  const b = performance.now();
  writeMonitorSeries(rows, (id) => server.ctx.prometheus.checks.of(id));
  writeTimes.push(performance.now() - b);
  readTimes.push(b - a);
}
console.log(
  JSON.stringify({
    parts_ms_p50: { read_monitors: r(quantile(readTimes, 0.5)), write_text: r(quantile(writeTimes, 0.5)) },
  }),
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });
