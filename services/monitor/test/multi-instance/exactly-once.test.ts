import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import pg from 'pg';
import { migrationsWith } from '../../src/store/migrations/index.js';
import { clusterEnv, type Instance, shardOwners, startInstance, type TestDb, until } from './cluster.js';

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;

/** A target whose answer the test flips, and a webhook receiver recording every delivery. */
interface Peers {
  origin: string;
  failing: boolean;
  checks: number[];
  deliveries: { event: string; key: string | undefined }[];
  waiters: Set<() => void>;
  server: Server;
}

async function startPeers(): Promise<Peers> {
  const peers: Peers = {
    origin: '',
    failing: false,
    checks: [],
    deliveries: [],
    waiters: new Set(),
    server: createServer((req, res) => {
      if (req.url === '/hook') {
        let body = '';
        req.on('data', (c: Buffer) => {
          body += c.toString();
        });
        req.on('end', () => {
          const key = req.headers['idempotency-key'];
          peers.deliveries.push({
            event: (JSON.parse(body) as { event: string }).event,
            key: Array.isArray(key) ? key[0] : key,
          });
          res.end('ok');
          for (const w of peers.waiters) w();
        });
        return;
      }
      peers.checks.push(Date.now());
      res.statusCode = peers.failing ? 500 : 200;
      res.end(peers.failing ? 'down' : 'ok');
      for (const w of peers.waiters) w();
    }),
  };
  peers.server.listen(0, '127.0.0.1');
  await once(peers.server, 'listening');
  peers.origin = `http://127.0.0.1:${(peers.server.address() as AddressInfo).port}`;
  return peers;
}

function until2(peers: Peers, what: string, done: () => boolean, ms = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      clearTimeout(timer);
      peers.waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      peers.waiters.delete(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    peers.waiters.add(check);
    check();
  });
}

/*
 * Three instances started at the same moment against an empty schema migrate it once and all come
 * up; then a monitor goes down and up again while instances are killed, stopped and started: one
 * incident, one `monitor.down` and one `monitor.up` webhook delivery.
 */
describe('monitor instances: migrations once, incidents and notifications exactly once', {
  skip: postgres.skip,
}, () => {
  let db: TestDb & { cleanup(): Promise<void> };
  let peers: Peers;
  let env: Record<string, string>;
  const instances: Instance[] = [];

  before(async () => {
    peers = await startPeers();
    db = await postgres.create();
    env = clusterEnv(db, { CHANGE_POLL_SECONDS: '1' });
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.proc.stop()));
    await db?.cleanup();
    await new Promise((r) => peers?.server.close(r));
  });

  test('three instances started together on an empty schema migrate it once and are all ready', async () => {
    instances.push(...(await Promise.all(['A', 'B', 'C'].map((n) => startInstance(n, env)))));
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      const rows = (await client.query<{ name: string }>('select name from kysely_migration')).rows;
      // Every migration recorded exactly once.
      assert.deepEqual(
        rows.map((r) => r.name).sort(),
        Object.keys(migrationsWith(() => Buffer.alloc(32))).sort(),
      );
      const admins = await client.query('select id from users');
      assert.equal(admins.rowCount, 1, 'the first admin was created once');
    } finally {
      await client.end();
    }
    for (const i of instances) {
      const res = await fetch(`${i.base}/readyz`);
      const body = (await res.json()) as { status: string; checks: { name: string; ok: boolean }[] };
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepEqual(
        body.checks.map((c) => [c.name, c.ok]),
        [
          ['database', true],
          ['migrations', true],
          ['scheduler', true],
          ['relay', true],
        ],
      );
      assert.deepEqual(await (await fetch(`${i.base}/healthz`)).json(), { status: 'ok' });
    }
  });

  test('a monitor goes down and up while instances come and go: one incident, one alert each way', async () => {
    const [a] = instances;
    const ch = await a!.call('POST', '/api/channels', {
      name: 'hook',
      type: 'webhook',
      config: { url: `${peers.origin}/hook` },
    });
    assert.equal(ch.status, 201, JSON.stringify(ch.json));
    const m = await a!.call('POST', '/api/monitors', {
      name: 'flaky',
      url: `${peers.origin}/flaky`,
      check_interval_seconds: 1,
      retry_count: 0,
      channel_ids: [(ch.json as { id: number }).id],
    });
    assert.equal(m.status, 201, JSON.stringify(m.json));
    const id = (m.json as { id: number }).id;
    await until('the monitor up', async () =>
      ((await a!.call('GET', `/api/monitors/${id}`)).json as { current_status: string }).current_status ===
      'up'
        ? true
        : undefined,
    );

    // It fails, and at once its owner is killed and a new instance joins.
    const ownerPid = (await shardOwners(db)).get(id % 64);
    const victim = instances.find((i) => i.pid === ownerPid)!;
    peers.failing = true;
    await victim.crash();
    instances.splice(instances.indexOf(victim), 1);
    const joining = startInstance('D', env);
    joining.catch(() => {}); // awaited below, after the alert
    await until2(peers, 'the down alert', () => peers.deliveries.some((d) => d.event === 'monitor.down'));
    instances.push(await joining);

    // Another goes away gracefully while it stays down; a few more failing checks follow.
    const leaving = instances.shift()!;
    leaving.proc.child.kill('SIGTERM');
    assert.equal(await leaving.proc.exited, 0);
    const seen = peers.checks.length;
    await until2(peers, 'three more failing checks', () => peers.checks.length >= seen + 3);

    peers.failing = false;
    await until2(peers, 'the up alert', () => peers.deliveries.some((d) => d.event === 'monitor.up'));
    const after = peers.checks.length;
    await until2(peers, 'three more good checks', () => peers.checks.length >= after + 3);
    // The outbox polls every second: give a second delivery the time to show up, counted by checks.
    await until2(peers, 'two more good checks', () => peers.checks.length >= after + 5);

    assert.deepEqual(
      peers.deliveries.map((d) => d.event),
      ['monitor.down', 'monitor.up'],
    );
    const incidents = (await instances[0]!.call('GET', `/api/incidents?monitor_id=${id}`)).json as {
      status: string;
    }[];
    assert.equal(incidents.length, 1, JSON.stringify(incidents));
    assert.equal(incidents[0]!.status, 'resolved');
  });
});
