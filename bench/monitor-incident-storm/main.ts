import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startEscalation } from '../../services/monitor/src/alerting/escalation/escalation-tick.js';
import { readConfig } from '../../services/monitor/src/config.js';
import { createServer } from '../../services/monitor/src/server.js';
import { memoryColumns, sampleMemory } from '../shared/memory-sampler.js';
import { BENCH_ADMIN, insertHttpMonitors } from '../shared/monitor-bench.js';
import { loadAverage } from '../shared/proc-stats.js';

/*
 * bench/monitor-incident-storm (issue 33): N monitors (1,000) checked every 20 s against a loopback
 * target that starts failing all at once, so every monitor goes down within one interval. 20 team
 * webhook channels (each monitor alerts one, round robin; flood guard 60 a minute), and an
 * escalation policy whose first step pages the person on call in each of 3 schedules through a
 * verified webhook contact method. Prints: notifications queued, delivered, held and summarised,
 * duplicates the receiver saw (same idempotency key twice), outbox lag p50/p99/max (queued → first
 * delivered), and the check delay (spacing of each monitor's checks beyond its interval) p99/max;
 * peak RSS, load average.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '1000' },
    channels: { type: 'string', default: '20' },
    interval: { type: 'string', default: '20' },
    'flood-limit': { type: 'string', default: '30' },
    measure: { type: 'string', default: '75' },
  },
});
const N = Number(values.monitors);
const CHANNELS = Number(values.channels);
const INTERVAL = Number(values.interval);
const FLOOD = Number(values['flood-limit']);
const MEASURE_S = Number(values.measure);

// The checked target: 200 until the storm, then 500 for everyone.
let failing = false;
const target = createHttpServer((_req, res) => {
  res.writeHead(failing ? 500 : 200);
  res.end(failing ? 'down' : 'ok');
});
await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
// The receiver of every notification: counts per idempotency key.
const seen = new Map<string, number>();
let received = 0;
const receiver = createHttpServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    const key = String(req.headers['idempotency-key'] ?? '');
    seen.set(key, (seen.get(key) ?? 0) + 1);
    res.writeHead(200);
    res.end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const rx = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'incident-storm-'));
const server = await createServer(
  readConfig({
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'error',
    ESCALATION_TICK_MS: '1000',
  }),
  { startEngine: false, outbox: { pollMs: 200, batchSize: 50 } },
);
const db = server.ctx.db;
const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const token = login.json().access_token as string;
const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
  const r = await server.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}` },
  });
  if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json();
};
await call('PUT', '/api/settings', { app_base_url: 'https://mon.example.test' });

const channelIds: number[] = [];
for (let i = 0; i < CHANNELS; i++)
  channelIds.push(
    (
      await call('POST', '/api/channels', {
        name: `team-${i}`,
        type: 'webhook',
        config: { url: `${rx}/team/${i}` },
        flood_limit: FLOOD,
      })
    ).id,
  );
// Three schedules, each with one person on call whose contact method is verified.
const scheduleIds: number[] = [];
for (let i = 0; i < 3; i++) {
  const user = await call('POST', '/api/users', {
    username: `oncall-${i}`,
    password: `oncall-password-${i}-x`,
    role: 'viewer',
  });
  const now = Date.now();
  await db
    .insertInto('notification_channels')
    .values({
      name: `@user:${user.id}/phone`,
      type: 'webhook',
      config: JSON.stringify({ url: `${rx}/person/${i}` }),
      is_enabled: 1,
      owner_user_id: user.id,
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  scheduleIds.push(
    (
      await call('POST', '/api/schedules', {
        name: `s${i}`,
        time_zone: 'Europe/Berlin',
        layers: [
          {
            name: 'l',
            members: [user.id],
            rotation_length: 1,
            rotation_unit: 'weeks',
            start: '2026-01-05T09:00',
          },
        ],
      })
    ).id,
  );
}
const policy = await call('POST', '/api/escalation-policies', {
  name: 'storm',
  steps: [{ after_minutes: 0.25, channel_ids: [], schedule_ids: scheduleIds }],
});

await insertHttpMonitors(db, {
  count: N,
  port: (target.address() as AddressInfo).port,
  intervalSeconds: INTERVAL,
  name: (i) => `storm-${i}`,
});
const ids = (await db.selectFrom('monitors').select('id').orderBy('id').execute()).map((r) => Number(r.id));
await db.updateTable('monitors').set({ escalation_policy_id: policy.id }).execute();
await db
  .insertInto('monitor_channels')
  .values(ids.map((id, i) => ({ monitor_id: id, channel_id: channelIds[i % CHANNELS]! })))
  .execute();

const mem = sampleMemory();
await server.ctx.engine.start();
// The engine's companions that createServer starts only with its engine: the escalation tick.
const escalation = startEscalation(db, server.ctx, server.ctx.log, 1000);
// One interval of healthy checks, then the storm.
await new Promise((r) => setTimeout(r, INTERVAL * 1000));
const stormAt = Date.now();
failing = true;
await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
await server.ctx.engine.stop();
await escalation.stop();
// Let the outbox finish what is due (summaries fall due at the end of their minute).
const drainUntil = Date.now() + 90_000;
for (;;) {
  const pending = await db
    .selectFrom('notification_outbox')
    .select(db.fn.countAll().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (Number(pending.n) === 0 || Date.now() > drainUntil) break;
  await new Promise((r) => setTimeout(r, 500));
}
const memory = mem.stop();

const rows = await db
  .selectFrom('notification_outbox')
  .select(['id', 'event', 'status', 'created_at', 'channel_id'])
  .execute();
const firstOk = new Map(
  (
    await db
      .selectFrom('notification_deliveries')
      .select(['outbox_id', 'at'])
      .where('status', '=', 'delivered')
      .execute()
  ).map((d) => [Number(d.outbox_id), Number(d.at)]),
);
const by = (s: string) => rows.filter((r) => r.status === s).length;
const lags = rows
  .filter((r) => r.status === 'delivered' && r.event !== 'flood.summary')
  .map((r) => (firstOk.get(Number(r.id)) ?? 0) - Number(r.created_at))
  .sort((a, b) => a - b);
const pct = (a: number[], p: number) =>
  a.length ? a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))]! : 0;
const results = await db
  .selectFrom('check_results')
  .select(['monitor_id', 'checked_at'])
  .where('checked_at', '>=', stormAt - INTERVAL * 1000)
  .orderBy('monitor_id')
  .orderBy('checked_at')
  .execute();
const delays: number[] = [];
for (let i = 1; i < results.length; i++) {
  const a = results[i - 1]!;
  const b = results[i]!;
  if (a.monitor_id === b.monitor_id)
    delays.push(Math.max(0, Number(b.checked_at) - Number(a.checked_at) - INTERVAL * 1000));
}
delays.sort((a, b) => a - b);
const downs = await db.selectFrom('incidents').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
const duplicates = [...seen.values()].filter((n) => n > 1).length;
const summaries = rows.filter((r) => r.event === 'flood.summary' && r.status === 'delivered').length;
console.log(
  `monitor-incident-storm: ${N} monitors every ${INTERVAL}s, ${CHANNELS} channels (flood guard ${FLOOD}/min), 3 schedules`,
);
console.log(
  `incidents opened ${downs.n}; outbox rows ${rows.length}: delivered ${by('delivered')} (of which flood summaries ${summaries}), summarised (held) ${by('summarised')}, failed ${by('failed')}, pending ${by('pending')}`,
);
console.log(
  `events: ${[...new Set(rows.map((r) => r.event))].map((e) => `${e} ${rows.filter((r) => r.event === e).length}`).join(', ')}`,
);
console.log(
  `receiver: ${received} requests, ${seen.size} distinct idempotency keys, ${duplicates} keys seen more than once`,
);
console.log(
  `outbox lag (queued → delivered) ms: p50 ${pct(lags, 50)} p99 ${pct(lags, 99)} max ${lags.at(-1) ?? 0} (n=${lags.length})`,
);
console.log(
  `check delay beyond the interval ms: p50 ${pct(delays, 50)} p99 ${pct(delays, 99)} max ${delays.at(-1) ?? 0} (n=${delays.length})`,
);
console.log(memoryColumns(memory));
console.log(`load average ${loadAverage()}`);
await server.close();
target.close();
receiver.close();
process.exit(0);
