import { readdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCheck } from '../../services/monitor/src/engine/checks/index.js';
import { closedPort } from '../../services/monitor/test/peers/tcp-listener.js';
import { BENCH_ADMIN, benchServer } from '../shared/monitor-bench.js';
import { DOWN_PER_TYPE, monitorBodies, SERVICE_TYPES, type ServiceType, UP_PER_TYPE } from './monitors.js';
import { type Peer, startBlackHole, startGrpcPeer, startSmtpPeer, startWebsocketPeer } from './peers.js';
import { openCounters, type ServerCounts } from './server-counts.js';

/*
 * bench/monitor-check-leaks: the service checkers at 1,000 checks/min in total, through the real
 * scheduler, against the machine's PostgreSQL, MariaDB, Redis, RabbitMQ and Mosquitto and loopback
 * SMTP, WebSocket and gRPC peers. Prints per type the checks done (up/down), and the process's open
 * file descriptors, heap, and the servers' connection counts at the start, along the way and at the
 * end: a leak shows as growth from start to end.
 */
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.BENCH_MINUTES ?? '2' },
    rate: { type: 'string', default: '1000' },
    sample: { type: 'string', default: '30' },
  },
});
const minutes = Number(values.minutes);
const ratePerMinute = Number(values.rate);

interface Snapshot {
  at: string;
  fds: number;
  heap_used_mb: number;
  rss_mb: number;
  server: ServerCounts;
  peers: Record<string, number>;
}

const fds = () => readdirSync('/proc/self/fd').length;
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;

// A type whose checker is not in this build answers "unknown monitor type" without connecting.
async function present(type: ServiceType): Promise<boolean> {
  const o = await runCheck({ monitor_type: type, url: 'x://127.0.0.1:1', timeout_seconds: 1 });
  return !(o.error ?? '').startsWith('unknown monitor type');
}

const available: ServiceType[] = [];
const missing: ServiceType[] = [];
for (const t of SERVICE_TYPES) ((await present(t)) ? available : missing).push(t);
if (available.length === 0) throw new Error('no service checker is in this build');

const perType = UP_PER_TYPE + DOWN_PER_TYPE;
// Every monitor checked every `interval` s: total monitors × 60 / interval = the rate asked for.
const intervalSeconds = Math.max(1, Math.round((available.length * perType * 60) / ratePerMinute));

const peers: Record<string, Peer> = {
  smtp: await startSmtpPeer(),
  websocket: await startWebsocketPeer(),
  grpc: await startGrpcPeer(),
  'black hole': await startBlackHole(),
};
const ports = {
  smtp: peers.smtp!.port,
  websocket: peers.websocket!.port,
  grpc: peers.grpc!.port,
  closed: await closedPort(),
  hole: peers['black hole']!.port,
};
const counters = await openCounters();
const { server, dataDir } = await benchServer('bench-check-leaks', undefined);
const app = server.app;
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
const token = (login.json() as { access_token: string }).access_token;
const typeOf = new Map<number, ServiceType>();
for (const type of available) {
  for (const body of monitorBodies(type, ports, intervalSeconds)) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    if (res.statusCode !== 201)
      throw new Error(`creating ${String(body.name)}: ${res.statusCode} ${res.body}`);
    typeOf.set((res.json() as { id: number }).id, type);
  }
}

async function snapshot(at: string): Promise<Snapshot> {
  gc?.();
  const mem = process.memoryUsage();
  return {
    at,
    fds: fds(),
    heap_used_mb: mb(mem.heapUsed),
    rss_mb: mb(mem.rss),
    server: await counters.counts(),
    peers: Object.fromEntries(Object.entries(peers).map(([k, p]) => [k, p.open()])),
  };
}
const line = (s: Snapshot) =>
  `${s.at.padEnd(8)} fds ${String(s.fds).padStart(4)}  heap ${String(s.heap_used_mb).padStart(6)} MB  rss ${String(s.rss_mb).padStart(6)} MB  ` +
  `pg ${s.server.postgres}  mariadb ${s.server.mariadb}  redis ${s.server.redis}  ` +
  `peers ${Object.entries(s.peers)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`;

console.log(
  `${available.length} types × ${perType} monitors (${UP_PER_TYPE} up, ${DOWN_PER_TYPE} down) every ${intervalSeconds} s ` +
    `= ${Math.round((available.length * perType * 60) / intervalSeconds)} checks/min for ${minutes} min` +
    (missing.length ? `; missing checkers: ${missing.join(', ')}` : ''),
);
const before = await snapshot('before');
console.log(line(before));
const t0 = Date.now();
await server.ctx.engine.start();
// The first checks load each client library and warm the engine's caches: growth is measured from
// the end of a warm-up (one interval, at least 15 s), so what is left is what the checks leave behind.
await new Promise((r) => setTimeout(r, Math.max(15, intervalSeconds + 2) * 1000));
const start = await snapshot('start');
console.log(line(start));
const sampleMs = Number(values.sample) * 1000;
const runMs = minutes * 60_000;
while (Date.now() - t0 < runMs) {
  await new Promise((r) => setTimeout(r, Math.min(sampleMs, runMs - (Date.now() - t0))));
  console.log(line(await snapshot(`${Math.round((Date.now() - t0) / 1000)} s`)));
}
await server.ctx.engine.stop();
const wallMinutes = (Date.now() - t0) / 60_000;
// Closing sockets is asynchronous at both ends: give the servers a moment to notice.
await new Promise((r) => setTimeout(r, 3000));
const end = await snapshot('end');
console.log(line(end));

const rows = await server.ctx.db
  .selectFrom('check_results')
  .select(['monitor_id', 'status', 'error'])
  .execute();
const per = new Map<ServiceType, { checks: number; up: number; down: number; errors: Map<string, number> }>();
for (const r of rows) {
  const type = typeOf.get(r.monitor_id)!;
  const p = per.get(type) ?? { checks: 0, up: 0, down: 0, errors: new Map() };
  p.checks++;
  if (r.status === 1) p.up++;
  else {
    p.down++;
    // Errors with ports or ids in them are grouped by their words.
    const key = (r.error ?? '').replace(/\d+/g, 'N');
    p.errors.set(key, (p.errors.get(key) ?? 0) + 1);
  }
  per.set(type, p);
}
console.log(
  `\nchecks in ${wallMinutes.toFixed(2)} min: ${rows.length} (${Math.round(rows.length / wallMinutes)}/min)`,
);
console.log('type       checks     up   down  down errors (grouped)');
for (const type of available) {
  const p = per.get(type) ?? { checks: 0, up: 0, down: 0, errors: new Map() };
  const errs = [...p.errors].map(([e, n]) => `${n}× ${e}`).join('; ');
  console.log(
    `${type.padEnd(10)} ${String(p.checks).padStart(6)} ${String(p.up).padStart(6)} ${String(p.down).padStart(6)}  ${errs}`,
  );
}
const grow = (a: number | string, b: number | string) =>
  typeof a === 'number' && typeof b === 'number'
    ? `${b - a >= 0 ? '+' : ''}${Math.round((b - a) * 10) / 10}`
    : 'n/a';
console.log(
  `\ngrowth start → end: fds ${grow(start.fds, end.fds)}, heap ${grow(start.heap_used_mb, end.heap_used_mb)} MB, ` +
    `postgres ${grow(start.server.postgres, end.server.postgres)}, mariadb ${grow(start.server.mariadb, end.server.mariadb)}, ` +
    `redis ${grow(start.server.redis, end.server.redis)}, ` +
    Object.keys(start.peers)
      .map((k) => `${k} peer ${grow(start.peers[k]!, end.peers[k]!)}`)
      .join(', ') +
    (gc ? '' : ' (heap without a forced GC: run with node --expose-gc for comparable heap figures)'),
);
if (missing.length) console.log(`not benchmarked (checker missing in this build): ${missing.join(', ')}`);

await server.close();
await counters.close();
for (const p of Object.values(peers)) await p.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
