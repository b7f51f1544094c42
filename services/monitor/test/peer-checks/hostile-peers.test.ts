import assert from 'node:assert/strict';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { after, describe, test } from 'node:test';
import { type CheckTarget, closeHttpAgents, runCheck } from '../../src/engine/checks/index.js';
import { type Behaviour, type HostilePeer, startHostilePeer } from './hostile-peer.js';

// Issue 29: every check type against a peer that accepts and then never answers, dribbles or floods
// garbage. The check must end in its own words, and the peer must see the connection closed within a
// second of the check returning, whatever the client library does after.
const CLOSED_WITHIN_MS = 1000;
const TIMEOUT = 'timeout after 1000 ms';

interface Case {
  type: CheckTarget['monitor_type'];
  url: (port: number) => string;
  /** The exact error against the garbage peer (null: the check is up, a TCP connect is enough). */
  garbage: string | null;
}

// grpc first: its client used to reconnect a second after a failed handshake, which the last test
// below catches once the other cases have run.
const CASES: Case[] = [
  {
    type: 'grpc',
    url: (p) => `grpc://127.0.0.1:${p}`,
    garbage: 'not a gRPC server: protocol error during handshake',
  },
  {
    type: 'websocket',
    url: (p) => `ws://127.0.0.1:${p}/live`,
    garbage: 'not a WebSocket server: protocol error during handshake',
  },
  {
    type: 'mqtt',
    url: (p) => `mqtt://127.0.0.1:${p}`,
    garbage: 'not an MQTT broker: protocol error during handshake',
  },
  {
    type: 'amqp',
    url: (p) => `amqp://127.0.0.1:${p}`,
    garbage: 'not an AMQP broker: protocol error during handshake',
  },
  {
    type: 'postgres',
    url: (p) => `postgres://u@127.0.0.1:${p}/db`,
    garbage: 'not a PostgreSQL server: protocol error during handshake',
  },
  {
    type: 'mysql',
    url: (p) => `mysql://root@127.0.0.1:${p}/db`,
    garbage: 'not a MySQL server: protocol error during handshake',
  },
  {
    type: 'redis',
    url: (p) => `redis://127.0.0.1:${p}`,
    garbage: 'not a Redis server: protocol error during handshake',
  },
  {
    type: 'smtp',
    url: (p) => `smtp://127.0.0.1:${p}`,
    garbage: 'the server sent an over-long reply (not SMTP?)',
  },
  {
    type: 'tls',
    url: (p) => `127.0.0.1:${p}`,
    garbage: 'TLS handshake failed: wrong version number (the port does not seem to speak TLS)',
  },
  {
    type: 'http_get',
    url: (p) => `http://127.0.0.1:${p}/`,
    garbage: 'not an HTTP server: protocol error in the response',
  },
  { type: 'tcp', url: (p) => `127.0.0.1:${p}`, garbage: null },
];

// The TLS variants: their connections must go too (the message is the TLS failure, tested elsewhere).
const TLS_URLS: [CheckTarget['monitor_type'], (port: number) => string][] = [
  ['websocket', (p) => `wss://127.0.0.1:${p}/`],
  ['grpc', (p) => `grpcs://127.0.0.1:${p}`],
  ['mqtt', (p) => `mqtts://127.0.0.1:${p}`],
  ['amqp', (p) => `amqps://127.0.0.1:${p}`],
  ['redis', (p) => `rediss://127.0.0.1:${p}`],
  ['smtp', (p) => `smtps://127.0.0.1:${p}`],
];

const peers: { label: string; peer: HostilePeer }[] = [];

async function checkAgainst(
  behaviour: Behaviour,
  type: CheckTarget['monitor_type'],
  url: (p: number) => string,
) {
  const peer = await startHostilePeer(behaviour);
  peers.push({ label: `${behaviour} ${url(0).split(':')[0]}`, peer });
  const outcome = await runCheck({ monitor_type: type, url: url(peer.port), timeout_seconds: 1 });
  assert.ok(peer.accepted() >= 1, 'the check connected');
  // Awaits the close events on the peer's side; fails when one is still open after the bound.
  await peer.drainedWithin(CLOSED_WITHIN_MS);
  return outcome;
}

after(async () => {
  await Promise.all(peers.map((p) => p.peer.close()));
  await closeHttpAgents();
});

for (const behaviour of ['silent', 'slow', 'garbage'] as const) {
  describe(`every check type against a ${behaviour} peer`, () => {
    for (const { type, url, garbage } of CASES) {
      test(`${type} ends in its own words and leaves no connection open`, async () => {
        const out = await checkAgainst(behaviour, type, url);
        if (garbage === null) {
          assert.equal(out.status, 'up', String(out.error));
          return;
        }
        assert.equal(out.status, 'down');
        if (behaviour === 'silent') assert.equal(out.error, TIMEOUT);
        if (behaviour === 'garbage') assert.equal(out.error, garbage);
        // A dribbling peer is cut off by the deadline or found out from its first bytes, by type.
        if (behaviour === 'slow') assert.ok([TIMEOUT, garbage].includes(out.error!), String(out.error));
      });
    }
    for (const [type, url] of TLS_URLS) {
      test(`${url(0).split(':')[0]} leaves no connection open`, async () => {
        const out = await checkAgainst(behaviour, type, url);
        assert.equal(out.status, 'down');
        if (behaviour === 'silent') assert.equal(out.error, TIMEOUT);
      });
    }
  });
}

describe('dns against a resolver that is silent or answers garbage', () => {
  const resolvers: UdpSocket[] = [];
  after(() => {
    for (const r of resolvers) r.close();
  });
  const start = async (answer: boolean): Promise<number> => {
    const udp = createSocket('udp4');
    resolvers.push(udp);
    udp.on('message', (_msg, from) => {
      if (answer) udp.send(Buffer.from(`${'A'.repeat(64)}`), from.port, from.address);
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    return udp.address().port;
  };
  for (const answer of [false, true]) {
    test(answer ? 'a garbage answer is a malformed answer' : 'silence times out', async () => {
      const port = await start(answer);
      const out = await runCheck({
        monitor_type: 'dns',
        url: 'example.test',
        dns_resolver: `127.0.0.1:${port}`,
        timeout_seconds: 1,
      });
      const what = `DNS A lookup of example.test via 127.0.0.1:${port}`;
      assert.equal(out.error, answer ? `${what} failed: malformed answer (EBADRESP)` : `${what}: ${TIMEOUT}`);
    });
  }
});

test('each check made exactly one connection: nothing reconnected after a check ended', () => {
  const seen = (count: (p: HostilePeer) => number, expected: number, among = peers) =>
    among.filter(({ peer }) => count(peer) !== expected).map(({ label, peer }) => `${label}: ${count(peer)}`);
  assert.deepEqual(
    seen((p) => p.open(), 0),
    [],
    'connections open',
  );
  // Except http: undici's pool opens a connection after an aborted request and closes it at once
  // (its own behaviour, seen with a bare Agent too); the connections themselves were closed above.
  const reconnecting = peers.filter(({ label }) => !label.endsWith(' http'));
  assert.deepEqual(
    seen((p) => p.accepted(), 1, reconnecting),
    [],
    'connections accepted',
  );
});
