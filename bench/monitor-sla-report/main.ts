import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DAY_MS, markName } from '../../services/monitor/src/engine/rollups/rollup-job.js';
import { rollupsRepo } from '../../services/monitor/src/store/repos/rollups-repo.js';
import { memoryColumns, sampleMemory } from '../shared/memory-sampler.js';
import { BENCH_ADMIN, benchServer, insertHttpMonitors } from '../shared/monitor-bench.js';
import { loadAverage } from '../shared/proc-stats.js';

/*
 * bench/monitor-sla-report: a year's SLA report for 1,000 monitors checked every 60 s (about 525
 * million check results, represented by 365,000 daily roll-ups), with a weekly maintenance window
 * for every monitor and two incidents per monitor. Times GET /api/reports (JSON) and
 * GET /api/reports/pdf over the whole year, on SQLite unless --database-url is given.
 * Targets (issue 34): JSON under 3 s, PDF under 10 s.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});
const monitors = Number(values.monitors);
const runs = Number(values.runs);
const YEAR_FROM = Date.UTC(2025, 0, 1);

const { server, dataDir } = await benchServer('bench-sla-report', values['database-url']);
const { db, dialect } = server.ctx;
const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };

console.error(`seeding ${monitors} monitors and a year of daily roll-ups (${dialect})…`);
await insertHttpMonitors(db, { count: monitors, port: 9, intervalSeconds: 60, name: (i) => `service-${i}` });
await db
  .updateTable('monitors')
  .set({ created_at: YEAR_FROM - 30 * DAY_MS })
  .execute();
const ids = (await db.selectFrom('monitors').select('id').execute()).map((r) => r.id);
for (const id of ids) {
  const rows = [];
  for (let d = 0; d < 365; d++) {
    const down = (id + d) % 29 === 0 ? 12 : 0;
    rows.push({
      monitor_id: id,
      period: 'day' as const,
      bucket_start: YEAR_FROM + d * DAY_MS,
      checks: 1440,
      up_checks: 1440 - down,
      degraded_checks: (id + d) % 13 === 0 ? 30 : 0,
      latency_count: 1440 - down,
      latency_avg: 80,
      latency_p50: 70 + (d % 7),
      latency_p95: 180 + (id % 11),
      latency_p99: 400 + (d % 5),
    });
  }
  await rollupsRepo.upsert(db, rows);
}
// Everything up to today is rolled up: the year is read from roll-ups only.
await rollupsRepo.setMark(db, markName('day'), Math.floor(Date.now() / DAY_MS) * DAY_MS);
await server.app.inject({
  method: 'POST',
  url: '/api/maintenance',
  headers: auth,
  payload: {
    name: 'weekly patching',
    starts_at: new Date(YEAR_FROM).toISOString(),
    recurrence: { cron: '0 2 * * 0', duration_minutes: 60 },
    timezone: 'Europe/Berlin',
  },
});
const incidents = ids.flatMap((id) =>
  [40, 200].map((d) => ({
    monitor_id: id,
    status: 'resolved' as const,
    started_at: YEAR_FROM + d * DAY_MS + id * 1000,
    resolved_at: YEAR_FROM + d * DAY_MS + id * 1000 + 12 * 60_000,
    root_cause: null,
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledged_at: YEAR_FROM + d * DAY_MS + id * 1000 + 5 * 60_000,
    last_alert_at: null,
    reminders_sent: 0,
    postmortem: null,
    resolved_by: null,
    resolved_by_name: null,
  })),
);
for (let i = 0; i < incidents.length; i += 500)
  await db
    .insertInto('incidents')
    .values(incidents.slice(i, i + 500))
    .execute();

const time = async (url: string) => {
  const t0 = performance.now();
  const res = await server.app.inject({ method: 'GET', url, headers: auth });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { ms, bytes: res.rawPayload.length, body: res };
};
const mem = sampleMemory();
const q = 'period=2025&timezone=Europe/Berlin';
const json: number[] = [];
const pdf: number[] = [];
let jsonBytes = 0;
let pdfBytes = 0;
let summary = '';
for (let r = 0; r < runs; r++) {
  const j = await time(`/api/reports?${q}`);
  json.push(j.ms);
  jsonBytes = j.bytes;
  const s = j.body.json().summary;
  summary = `monitors ${s.monitors}, checks ${s.checks}, uptime ${s.uptime_percent} % (with maintenance ${s.uptime_with_maintenance_percent} %), incidents ${s.incidents}`;
  const p = await time(`/api/reports/pdf?${q}`);
  pdf.push(p.ms);
  pdfBytes = p.bytes;
}
const m = mem.stop();
const fmt = (xs: number[]) => `min ${Math.min(...xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
console.log(
  `monitor-sla-report on ${dialect}: ${monitors} monitors × 365 daily roll-ups (${((monitors * 525_600) / 1e6).toFixed(0)} M checks at 60 s)`,
);
console.log(`  ${summary}`);
console.log(
  `  JSON  ${fmt(json)} over ${runs} runs, ${(jsonBytes / 1024).toFixed(0)} KiB   (target < 3,000 ms)`,
);
console.log(
  `  PDF   ${fmt(pdf)} over ${runs} runs, ${(pdfBytes / 1024).toFixed(0)} KiB   (target < 10,000 ms)`,
);
console.log(`  peak RSS (max) MB, heap used/reserved MB: ${memoryColumns(m)}`);
console.log(`  load average: ${loadAverage()}`);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
