import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, type CheckTarget, runCheck } from '../../src/engine/checks/index.js';
import { needListener } from './brokers.js';
import { type GrpcPeer, startGrpcPeer } from './grpc-peer.js';
import { type HostilePeer, startHostilePeer } from './hostile-peer.js';
import { startWsPeer, type WsPeer } from './ws-peer.js';

// Many checks in a row, passing and failing, must leave nothing behind in this process: no socket
// (the peers see every connection closed) and no timer (no reconnect loop, no keepalive).
const ROUNDS = 40;
const PARALLEL = 8;
const brokersSkip =
  (await needListener(1883, 'Mosquitto')) || (await needListener(5672, 'RabbitMQ')) || false;

function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

async function runMany(targets: CheckTarget[]): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < targets.length) outcomes.push(await runCheck(targets[next++]!));
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return outcomes;
}

describe('service checks leave no sockets or timers behind', { skip: brokersSkip }, () => {
  let ws: WsPeer;
  let grpc: GrpcPeer;
  let hole: HostilePeer;
  before(async () => {
    ws = await startWsPeer();
    grpc = await startGrpcPeer();
    hole = await startHostilePeer('silent');
  });
  after(async () => {
    await ws.close();
    await grpc.close();
    await hole.close();
  });

  test(`${ROUNDS} rounds of every type, up and down`, { timeout: 120_000 }, async () => {
    const base = (t: Partial<CheckTarget> & Pick<CheckTarget, 'monitor_type' | 'url'>): CheckTarget => ({
      timeout_seconds: 1,
      ...t,
    });
    const round = (i: number): CheckTarget[] => [
      base({
        monitor_type: 'websocket',
        url: `ws://127.0.0.1:${ws.port}/echo`,
        message: `m${i}`,
        expected_value: `m${i}`,
      }),
      base({
        monitor_type: 'websocket',
        url: `ws://127.0.0.1:${ws.port}/echo`,
        message: 'a',
        expected_value: 'b',
      }),
      base({ monitor_type: 'grpc', url: `grpc://127.0.0.1:${grpc.port}` }),
      base({ monitor_type: 'grpc', url: `grpc://127.0.0.1:${grpc.port}`, service_name: 'missing' }),
      base({ monitor_type: 'mqtt', url: 'mqtt://127.0.0.1:1883', topic: `uptime-test/${randomUUID()}` }),
      base({
        monitor_type: 'amqp',
        url: 'amqp://guest:guest@127.0.0.1:5672',
        topic: `uptime-test-${randomUUID()}`,
      }),
      base({ monitor_type: 'amqp', url: 'amqp://guest:wrong@127.0.0.1:5672' }),
    ];
    // Warm-up: the first check of each library loads modules and may create lasting singletons.
    await runMany(round(-1));
    const before = handles();
    const targets = Array.from({ length: ROUNDS }, (_, i) => round(i)).flat();
    // Checks cut off by the deadline are the likeliest to leak: a few against the black hole.
    for (const type of ['websocket', 'grpc', 'mqtt', 'amqp'] as const) {
      const scheme = type === 'websocket' ? 'ws' : type;
      targets.push(base({ monitor_type: type, url: `${scheme}://127.0.0.1:${hole.port}` }));
    }
    const outcomes = await runMany(targets);
    const up = outcomes.filter((o) => o.status === 'up').length;
    assert.equal(up, ROUNDS * 4, JSON.stringify(outcomes.filter((o) => o.status === 'down').slice(0, 3)));
    assert.equal(outcomes.filter((o) => o.error === 'timeout after 1000 ms').length, 4);
    await ws.drained();
    await grpc.drained();
    await hole.drained();
    // A broker connection (MQTT, AMQP) ends with a closing handshake the check does not wait for: on
    // a loaded machine its socket may still be open for a moment. A leak stays past the deadline.
    const kinds = ['TCPSocketWrap', 'TLSWrap', 'Timeout', 'Immediate'];
    const settled = () => kinds.every((k) => (handles()[k] ?? 0) <= (before[k] ?? 0));
    for (const end = Date.now() + 3000; !settled() && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const afterwards = handles();
    for (const kind of kinds) {
      assert.ok(
        (afterwards[kind] ?? 0) <= (before[kind] ?? 0),
        `${kind}: ${before[kind] ?? 0} before, ${afterwards[kind] ?? 0} after`,
      );
    }
  });
});
