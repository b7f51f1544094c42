// Leak check of the service checkers: each type checked at --rate checks/min for --duration s, a mix
// of up, wrong password, wrong value and timeout (a loopback server that never answers), against the
// machine's PostgreSQL, MariaDB and Redis and a loopback SMTP server with STARTTLS. Prints, per type,
// the outcomes and, once every check has settled, what is left open: this process's file
// descriptors and the connections the servers still see. Every figure left over should be 0.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import {
  type CheckOutcome,
  type CheckTarget,
  runCheck,
} from '../../services/monitor/src/engine/checks/index.js';
import { makeCert } from '../../services/monitor/test/peers/certs.js';
import { quantile } from '../monitor-capacity/stats.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '60' },
    types: { type: 'string', default: 'postgres,mysql,redis,smtp' },
  },
});
const rate = Number(values.rate);
const duration = Number(values.duration);
const types = values.types.split(',');
const tag = randomBytes(4).toString('hex');
const PASS = 'bench-pass-1';
const fds = () => readdirSync('/proc/self/fd').length;

// A server that accepts and never answers: the timeout variant of every type.
const silentOpen = new Set<Socket>();
const silent = createServer((s) => {
  silentOpen.add(s);
  s.on('error', () => {});
  s.resume();
  s.once('close', () => silentOpen.delete(s));
});
await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
const silentPort = (silent.address() as AddressInfo).port;

const pgAdmin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await pgAdmin.connect();
const myAdmin = await mysql.createConnection({
  host: '127.0.0.1',
  port: 3306,
  user: 'root',
  database: 'test',
});
const myUser = `bench_${tag}`;
await myAdmin.query('CREATE USER ?@? IDENTIFIED BY ?', [myUser, '%', PASS]);
await myAdmin.query('GRANT SELECT ON test.* TO ?@?', [myUser, '%']);
const redisAdmin = new Redis({ host: '127.0.0.1', port: 6379 });
const redisUser = `bench_${tag}`;
await redisAdmin.call('ACL', 'SETUSER', redisUser, 'on', `>${PASS}`, '~*', '+@all');
await redisAdmin.set(`bench_${tag}`, 'v1', 'EX', 3600);
const cert = await makeCert(30);
const smtp = new SMTPServer({
  logger: false,
  key: cert.key,
  cert: cert.cert,
  onAuth: (a, _s, cb) =>
    a.password === PASS ? cb(null, { user: a.username }) : cb(new Error('bad password')),
});
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
const smtpPort = (smtp.server.address() as AddressInfo).port;
const smtpOpen = () => (smtp as unknown as { connections: Set<unknown> }).connections.size;

const basic = (password: string, username = 'u') => ({ type: 'basic' as const, username, password });
const variants: Record<string, CheckTarget[]> = {
  postgres: [
    { monitor_type: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test', timeout_seconds: 5 },
    { monitor_type: 'postgres', url: `postgres://no_role_${tag}@127.0.0.1:5432/test`, timeout_seconds: 5 },
    {
      monitor_type: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
      timeout_seconds: 5,
      query: 'select 2',
      expected_value: '1',
    },
    { monitor_type: 'postgres', url: `postgres://u@127.0.0.1:${silentPort}/x`, timeout_seconds: 1 },
  ],
  mysql: [
    {
      monitor_type: 'mysql',
      url: 'mysql://127.0.0.1:3306/test',
      timeout_seconds: 5,
      auth: basic(PASS, myUser),
    },
    {
      monitor_type: 'mysql',
      url: 'mysql://127.0.0.1:3306/test',
      timeout_seconds: 5,
      auth: basic('wrong', myUser),
    },
    {
      monitor_type: 'mysql',
      url: 'mysql://127.0.0.1:3306/test',
      timeout_seconds: 5,
      auth: basic(PASS, myUser),
      query: 'select 2',
      expected_value: '1',
    },
    { monitor_type: 'mysql', url: `mysql://u@127.0.0.1:${silentPort}/x`, timeout_seconds: 1 },
  ],
  redis: [
    {
      monitor_type: 'redis',
      url: 'redis://127.0.0.1:6379',
      timeout_seconds: 5,
      auth: basic(PASS, redisUser),
      query: `bench_${tag}`,
      expected_value: 'v1',
    },
    {
      monitor_type: 'redis',
      url: 'redis://127.0.0.1:6379',
      timeout_seconds: 5,
      auth: basic('wrong', redisUser),
    },
    {
      monitor_type: 'redis',
      url: 'redis://127.0.0.1:6379',
      timeout_seconds: 5,
      auth: basic(PASS, redisUser),
      query: `bench_${tag}`,
      expected_value: 'v2',
    },
    { monitor_type: 'redis', url: `redis://127.0.0.1:${silentPort}`, timeout_seconds: 1 },
  ],
  smtp: [
    {
      monitor_type: 'smtp',
      url: `smtp://127.0.0.1:${smtpPort}`,
      timeout_seconds: 5,
      starttls: true,
      ignore_tls_errors: true,
      auth: basic(PASS),
    },
    {
      monitor_type: 'smtp',
      url: `smtp://127.0.0.1:${smtpPort}`,
      timeout_seconds: 5,
      starttls: true,
      ignore_tls_errors: true,
      auth: basic('wrong'),
    },
    { monitor_type: 'smtp', url: `smtp://127.0.0.1:${smtpPort}`, timeout_seconds: 5, starttls: true },
    { monitor_type: 'smtp', url: `smtp://127.0.0.1:${silentPort}`, timeout_seconds: 1 },
  ],
};

const redisClients = async () =>
  String(await redisAdmin.call('CLIENT', 'LIST'))
    .trim()
    .split('\n').length;
const redisBefore = await redisClients();
const fdsBefore = fds();
const rssBefore = process.memoryUsage().rss;
let peakFds = fdsBefore;
const outcomes: Record<string, CheckOutcome[]> = Object.fromEntries(types.map((t) => [t, []]));
const running: Promise<void>[] = [];
const spacing = 60_000 / rate;
const started = performance.now();
let n = 0;
await new Promise<void>((resolve) => {
  // Catches up on ticks a busy event loop delayed, so the rate is the one asked for.
  const tick = setInterval(() => {
    const now = performance.now() - started;
    const due = Math.floor(Math.min(now, duration * 1000) / spacing);
    for (; n < due; n++) {
      for (const t of types) {
        const target = variants[t]![n % 4]!;
        running.push(runCheck(target).then((o) => void outcomes[t]!.push(o)));
      }
      if (n % 50 === 0) peakFds = Math.max(peakFds, fds());
    }
    if (now >= duration * 1000) {
      clearInterval(tick);
      resolve();
    }
  }, spacing);
});
await Promise.all(running);
// Closed sockets reach the servers' own view a moment later.
await new Promise((r) => setTimeout(r, 1500));

const leftOver = {
  postgres: Number(
    (
      await pgAdmin.query(
        "select count(*) as n from pg_stat_activity where application_name = 'monitor check'",
      )
    ).rows[0].n,
  ),
  mysql: Number(
    (
      (
        await myAdmin.query('SELECT COUNT(*) AS n FROM information_schema.processlist WHERE user = ?', [
          myUser,
        ])
      )[0] as { n: number }[]
    )[0]!.n,
  ),
  // Redis cannot tell whose a connection is before AUTH: compared with the count before the run
  // (other clients of the shared server may come and go meanwhile).
  redis: (await redisClients()) - redisBefore,
  smtp: smtpOpen(),
};
for (const t of types) {
  const list = outcomes[t]!;
  const ups = list
    .filter((o) => o.status === 'up')
    .map((o) => o.response_time_ms!)
    .sort((a, b) => a - b);
  const errors: Record<string, number> = {};
  for (const o of list) if (o.error) errors[o.error] = (errors[o.error] ?? 0) + 1;
  console.log(
    JSON.stringify({
      type: t,
      checks: list.length,
      per_min: Math.round((list.length / duration) * 60),
      up: ups.length,
      up_ms_p50: quantile(ups, 0.5),
      up_ms_p99: quantile(ups, 0.99),
      errors,
      server_connections_left: leftOver[t as keyof typeof leftOver],
    }),
  );
}
console.log(
  JSON.stringify({
    fds_before: fdsBefore,
    fds_peak: peakFds,
    fds_after: fds(),
    silent_server_sockets_left: silentOpen.size,
    rss_mb_before: Math.round(rssBefore / 2 ** 20),
    rss_mb_after: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);

await myAdmin.query('DROP USER IF EXISTS ?@?', [myUser, '%']);
await myAdmin.end();
await redisAdmin.call('ACL', 'DELUSER', redisUser);
await redisAdmin.del(`bench_${tag}`);
redisAdmin.disconnect();
await pgAdmin.end();
await new Promise<void>((r) => smtp.close(() => r()));
await new Promise<void>((r) => silent.close(() => r()));
