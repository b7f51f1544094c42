import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { testDatabases } from '@app/kit/testing';
import {
  clusterEnv,
  type Instance,
  shardOwners,
  startInstance,
} from '../../services/monitor/test/multi-instance/cluster.js';
import { BENCH_ADMIN, benchServer, insertHttpMonitors } from '../shared/monitor-bench.js';
import { spacing, startTarget } from './counting-target.js';
import { measureEventLatency } from './event-latency.js';

/*
 * bench/monitor-multi-instance: three monitor processes on one PostgreSQL, N HTTP monitors against
 * a loopback target that counts each monitor's checks. Phases: steady state (every monitor checked
 * once per interval? spacing error p99), event latency A→B (heartbeat pings on A at a fixed rate, a
 * dashboard stream on B), then kill -9 of one instance (its monitors checked again how soon, none
 * twice) and the spacing over the following minutes.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '30000' },
    interval: { type: 'string', default: '30' },
    lease: { type: 'string', default: '30' },
    /** Seconds of steady state measured (after a warm-up of two intervals). */
    measure: { type: 'string', default: '60' },
    /** Seconds measured after the kill. */
    after: { type: 'string', default: '120' },
    'event-rate': { type: 'string', default: '300' },
    'event-seconds': { type: 'string', default: '20' },
  },
});
const n = Number(values.monitors);
const intervalMs = Number(values.interval) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;
if (postgres.skip) throw new Error(postgres.skip);
const db = await postgres.create();
const target = await startTarget(n);
const instances: Instance[] = [];
const figures: Record<string, unknown> = {
  monitors: n,
  interval_s: intervalMs / 1000,
  lease_s: Number(values.lease),
};
try {
  // Schema, admin and monitors first, so the instances find them all at their start.
  const setup = await benchServer('bench-multi', db.databaseUrl);
  await insertHttpMonitors(setup.server.ctx.db, {
    count: n,
    port: target.port,
    intervalSeconds: intervalMs / 1000,
    name: (i) => `m${i}`,
  });
  await setup.server.close();
  const env = {
    ...clusterEnv(db, { SCHEDULER_LEASE_SECONDS: values.lease, LOG_LEVEL: 'info' }),
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  figures.load_at_start = load();
  for (const name of ['A', 'B', 'C']) {
    log(`starting ${name}`);
    instances.push(await startInstance(name, env, BENCH_ADMIN));
  }
  const [a, b, c] = instances as [Instance, Instance, Instance];
  log('warm-up: two intervals');
  await sleep(2 * intervalMs);
  const owners = await shardOwners(db);
  figures.shards = instances.map((i) => [...owners.values()].filter((p) => p === i.pid).length);

  const from = Date.now();
  const before = target.total();
  log(`steady state: ${values.measure} s`);
  await sleep(Number(values.measure) * 1000);
  const to = Date.now();
  figures.steady = {
    checks_per_s: Math.round(((target.total() - before) / ((to - from) / 1000)) * 10) / 10,
    expected_per_s: Math.round((n / (intervalMs / 1000)) * 10) / 10,
    ...spacing(target.hits, target.hits.keys(), from, to, intervalMs),
    load: load(),
  };
  log(JSON.stringify(figures.steady));

  log(`events: ${values['event-rate']}/s for ${values['event-seconds']} s, pings on A, stream on B`);
  figures.events = {
    ...(await measureEventLatency(
      a,
      b,
      Number(values['event-rate']),
      Number(values['event-seconds']) * 1000,
    )),
    load: load(),
  };
  log(JSON.stringify(figures.events));

  // kill -9 of C: which monitors it held, and how soon each is checked again.
  const held = await shardOwners(db);
  const victims = [...target.hits.keys()].filter((i) => held.get((i + 1) % 64) === c.pid);
  await sleep(intervalMs / 3);
  log(`kill -9 of C (${victims.length} monitors)`);
  await c.crash();
  const killedAt = Date.now();
  const deadline = killedAt + 4 * intervalMs + 2 * Number(values.lease) * 1000;
  while (Date.now() < deadline && !victims.every((i) => target.hits[i]!.some((t) => t > killedAt)))
    await sleep(200);
  const firstAfter = victims.map((i) => target.hits[i]!.find((t) => t > killedAt));
  const lastBefore = victims.map((i) => target.hits[i]!.filter((t) => t <= killedAt).at(-1) ?? killedAt);
  const rechecked = firstAfter.filter((t): t is number => t !== undefined);
  figures.kill = {
    victim_monitors: victims.length,
    rechecked: rechecked.length,
    kill_to_all_rechecked_ms: rechecked.length ? Math.max(...rechecked) - killedAt : null,
    longest_gap_ms: Math.max(...firstAfter.map((t, j) => (t ?? deadline) - lastBefore[j]!)),
  };
  log(JSON.stringify(figures.kill));
  log(`after the kill: ${values.after} s`);
  await sleep(Number(values.after) * 1000);
  const end = Date.now();
  const victimSet = new Set(victims);
  const others = [...target.hits.keys()].filter((i) => !victimSet.has(i));
  figures.after_kill = {
    all: spacing(target.hits, target.hits.keys(), killedAt, end, intervalMs),
    its_monitors: spacing(target.hits, victims, killedAt, end, intervalMs),
    the_others: spacing(target.hits, others, killedAt, end, intervalMs),
    // The same monitors once every one of them was taken over: the take-over gap itself (bounded by
    // the lease period, reported above) left out, what remains is how regularly they run afterwards.
    its_monitors_once_taken_over: rechecked.length
      ? spacing(target.hits, victims, Math.max(...rechecked) + 1, end, intervalMs)
      : null,
    load: load(),
  };
  log(JSON.stringify(figures.after_kill));
} finally {
  await Promise.all(instances.map((i) => i.proc.stop()));
  await target.close();
  await db.cleanup();
}
figures.load_at_end = load();
console.log(JSON.stringify(figures, null, 2));
