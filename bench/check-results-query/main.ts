import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { quantile } from '../monitor-capacity/stats.js';
import { benchServer } from '../shared/monitor-bench.js';

/*
 * bench/check-results-query: stores N results (default 5 million: 1,000 monitors, one result each
 * 30 s, in time order as the engine writes them), then times
 * GET /api/check-results?monitor_id=…&limit=1000 over real HTTP on loopback.
 */
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '5000000' },
    monitors: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '300' },
    'database-url': { type: 'string' },
  },
});
const total = Number(values.results);
const monitors = Number(values.monitors);
const requests = Number(values.requests);

const { server, dataDir } = await benchServer('bench-results', values['database-url']);
const { db, dialect } = server.ctx;
const base = Date.parse('2026-01-01T00:00:00Z');

console.error(`storing ${total} results for ${monitors} monitors (${dialect})…`);
const t0 = performance.now();
const chunk = 500_000;
for (let start = 0; start < total; start += chunk) {
  const end = Math.min(total, start + chunk) - 1;
  // Generated inside the database: n → monitor n % M, one round of all monitors every 30 s.
  const series =
    dialect === 'postgres'
      ? sql`select n from generate_series(${start}::bigint, ${end}::bigint) as n`
      : sql`with recursive seq(n) as (select ${start} union all select n + 1 from seq where n < ${end}) select n from seq`;
  await sql`
    insert into check_results (monitor_id, checked_at, status, response_time_ms, status_code, error, tls_days_left)
    select n % ${monitors} + 1, ${base} + (n / ${monitors}) * 30000,
           case when n % 97 = 0 then 0 else 1 end, 20 + n % 50,
           case when n % 97 = 0 then 503 else 200 end,
           case when n % 97 = 0 then 'expected status 2xx, got 503' else null end, null
    from (${series}) as s`.execute(db);
}
if (dialect === 'postgres') await sql`analyze check_results`.execute(db);
else await sql`analyze`.execute(db);
console.error(`stored in ${Math.round((performance.now() - t0) / 1000)} s`);
const size =
  dialect === 'postgres'
    ? await sql<{ bytes: number }>`select pg_total_relation_size('check_results') as bytes`.execute(db)
    : await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat
        where name in ('check_results', 'check_results_monitor_time', 'check_results_time')`.execute(db);
console.log(
  JSON.stringify({
    results_stored: total,
    db_bytes_per_result: Math.round((Number(size.rows[0]?.bytes) / total) * 10) / 10,
  }),
);

await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${origin}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };

async function timeQueries(label: string, url: (i: number) => string) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < requests + 20; i++) {
    const s = performance.now();
    const res = await fetch(`${origin}${url(i)}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as unknown[];
    if (i >= 20) {
      times.push(performance.now() - s);
      rows += body.length;
    }
  }
  const r = (v: number) => Math.round(v * 10) / 10;
  const out = {
    query: label,
    results_stored: total,
    database: dialect,
    requests,
    rows_per_response: Math.round(rows / requests),
    ms: { p50: r(quantile(times, 0.5)), p99: r(quantile(times, 0.99)), max: r(Math.max(...times)) },
  };
  console.log(JSON.stringify(out));
}

const pick = (i: number) => ((i * 7919) % monitors) + 1;
await timeQueries('monitor_id=…&limit=1000', (i) => `/api/check-results?monitor_id=${pick(i)}&limit=1000`);
// Once more, now that the process is warm: the first round also pays for JIT and cold caches.
await timeQueries(
  'monitor_id=…&limit=1000 (again)',
  (i) => `/api/check-results?monitor_id=${pick(i + 1)}&limit=1000`,
);
const from = new Date(base + 3_600_000).toISOString();
const to = new Date(base + 30 * 3_600_000).toISOString();
await timeQueries(
  'monitor_id=…&from&to&limit=1000',
  (i) => `/api/check-results?monitor_id=${pick(i)}&from=${from}&to=${to}&limit=1000`,
);
await timeQueries(
  'from&to&limit=1000 (all monitors)',
  () => `/api/check-results?from=${from}&to=${to}&limit=1000`,
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });
