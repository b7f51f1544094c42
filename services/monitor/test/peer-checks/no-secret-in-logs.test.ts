import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort, runService } from '@app/kit/testing';
import { waitFor } from '../engine/harness.js';
import { needListener } from './brokers.js';
import { type GrpcPeer, startGrpcPeer } from './grpc-peer.js';
import { type Mosquitto, needMosquitto, startMosquitto } from './mosquitto.js';
import { startWsPeer, type WsPeer } from './ws-peer.js';

const entry = new URL('../../src/main.ts', import.meta.url).pathname;
const GOOD = { ws: 'log-ws-pass-1', grpc: 'log-grpc-pass-1', mqtt: 'log-mqtt-pass-1' };
const WRONG = 'log-wrong-pass-1';
const AMQP_WRONG = 'log-amqp-wrong-1';
const SECRETS = [...Object.values(GOOD), WRONG, AMQP_WRONG];
const skip = (await needListener(5672, 'RabbitMQ')) || needMosquitto();

let ws: WsPeer;
let grpc: GrpcPeer;
let broker: Mosquitto;
before(async () => {
  if (skip) return;
  ws = await startWsPeer(undefined, GOOD.ws);
  grpc = await startGrpcPeer({
    authorization: `Basic ${Buffer.from(`monitor:${GOOD.grpc}`).toString('base64')}`,
  });
  broker = await startMosquitto({ monitor: GOOD.mqtt });
});
after(async () => {
  await ws?.close();
  await grpc?.close();
  await broker?.close();
});

test('websocket, grpc, mqtt and amqp credentials never reach the log at debug level, library tracing on, up or down', {
  skip,
  timeout: 120_000,
}, async () => {
  const port = await freePort();
  const p = runService(entry, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mon-peer-logs-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'log-admin',
    ADMIN_PASSWORD: 'log-admin-password',
    LOG_LEVEL: 'debug',
    // The client libraries' own debug switches too: an operator may turn them on to chase a problem.
    DEBUG: '*',
    GRPC_TRACE: 'all',
    GRPC_VERBOSITY: 'DEBUG',
  });
  try {
    await p.waitFor(/Server listening/);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'log-admin', password: 'log-admin-password' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const monitors: [Record<string, unknown>, 'up' | 'down'][] = [
      [{ monitor_type: 'websocket', url: `ws://monitor:${GOOD.ws}@127.0.0.1:${ws.port}/private` }, 'up'],
      [{ monitor_type: 'websocket', url: `ws://monitor:${WRONG}@127.0.0.1:${ws.port}/private` }, 'down'],
      [{ monitor_type: 'grpc', url: `grpc://monitor:${GOOD.grpc}@127.0.0.1:${grpc.port}` }, 'up'],
      [
        {
          monitor_type: 'grpc',
          url: `grpc://127.0.0.1:${grpc.port}`,
          auth: { type: 'basic', username: 'monitor', password: WRONG },
        },
        'down',
      ],
      [
        { monitor_type: 'mqtt', url: `mqtt://monitor:${GOOD.mqtt}@127.0.0.1:${broker.port}`, topic: 'log/t' },
        'up',
      ],
      [{ monitor_type: 'mqtt', url: `mqtt://monitor:${WRONG}@127.0.0.1:${broker.port}` }, 'down'],
      [{ monitor_type: 'amqp', url: `amqp://guest:${AMQP_WRONG}@127.0.0.1:5672` }, 'down'],
    ];
    const ids: [number, string][] = [];
    for (const [i, [m, want]] of monitors.entries()) {
      const res = await call('POST', '/api/monitors', {
        name: `peer ${i}`,
        ...m,
        check_interval_seconds: 3600,
        timeout_seconds: 5,
        retry_count: 0,
      });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      ids.push([res.json.id as number, want]);
    }
    for (const [id, want] of ids) {
      await waitFor(`monitor ${id} ${want}`, async () =>
        (await call('GET', `/api/monitors/${id}`)).json.current_status === want ? true : undefined,
      );
    }
    const results = await call('GET', '/api/check-results?limit=20');
    const errors = (results.json as unknown as { error: string | null }[])
      .map((r) => r.error ?? 'none')
      .sort();
    assert.deepEqual(errors, [
      'auth failed',
      'auth failed',
      'auth failed',
      'auth failed',
      'none',
      'none',
      'none',
    ]);
  } finally {
    await p.stop();
  }
  const out = p.output();
  assert.match(out, /\/api\/monitors/, 'requests were logged');
  for (const s of SECRETS) assert.ok(!out.includes(s), `the log holds ${s}`);
});
