import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { needListener } from './brokers.js';
import { type GrpcPeer, startGrpcPeer } from './grpc-peer.js';
import { type Mosquitto, needMosquitto, startMosquitto } from './mosquitto.js';
import { startWsPeer, type WsPeer } from './ws-peer.js';

const MASK = '********';
const WS_PASS = 'ws-pass-7f3a';
const GRPC_PASS = 'grpc-pass-9c1d';
const MQTT_PASS = 'mqtt-pass-4e8b';
const SECRETS = [WS_PASS, GRPC_PASS, MQTT_PASS];
const rabbitSkip = await needListener(5672, 'RabbitMQ');
const mosquittoSkip = needMosquitto();

function assertNoSecret(text: string, what: string): void {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${what} holds the secret ${s}`);
}

for (const target of await testDatabases()) {
  describe(`websocket, grpc, mqtt and amqp monitors through the API on ${target.name}`, {
    skip: target.skip,
  }, () => {
    let h: Harness;
    let ws: WsPeer;
    let grpc: GrpcPeer;
    let broker: Mosquitto | null = null;
    const ids: Record<string, number> = {};

    before(async () => {
      ws = await startWsPeer(undefined, WS_PASS);
      grpc = await startGrpcPeer({
        authorization: `Basic ${Buffer.from(`monitor:${GRPC_PASS}`).toString('base64')}`,
      });
      if (!mosquittoSkip)
        broker = await startMosquitto({ monitor: MQTT_PASS }, ['user monitor', 'topic readwrite checks/#']);
      h = await startHarness(target);
    });
    after(async () => {
      await h?.stop();
      await ws?.close();
      await grpc?.close();
      await broker?.close();
    });

    const get = async (id: number) => (await h.call('GET', `/api/monitors/${id}`)).json();
    const lastError = async (id: number) => (await resultsOf(h, id, 1))[0]?.error ?? null;
    const upEventually = (id: number) =>
      waitFor(`monitor ${id} up`, async () =>
        (await get(id)).current_status === 'up' ? true : undefined,
      ).catch(async (err: Error) => {
        throw new Error(`${err.message}; last check error: ${await lastError(id)}`);
      });

    /** Creates a monitor, checks the answer masks the URL password, and waits for the engine's check to pass. */
    async function createUp(name: string, body: Record<string, unknown>, maskedUrl: string): Promise<number> {
      const made = await h.call('POST', '/api/monitors', {
        name,
        check_interval_seconds: 3600,
        timeout_seconds: 5,
        ...body,
      });
      assert.equal(made.statusCode, 201, made.body);
      assertNoSecret(made.body, `the create response of ${name}`);
      assert.equal(made.json().url, maskedUrl);
      const id = made.json().id as number;
      ids[name] = id;
      await upEventually(id);
      const read = await get(id);
      assert.equal(read.url, maskedUrl);
      return id;
    }

    test('websocket: the URL password is masked, and the stored check logs in with it', async () => {
      const id = await createUp(
        'ws private',
        {
          monitor_type: 'websocket',
          url: `ws://monitor:${WS_PASS}@127.0.0.1:${ws.port}/private`,
          message: 'hello',
          expected_value: 'hello',
        },
        `ws://monitor:${MASK}@127.0.0.1:${ws.port}/private`,
      );
      assert.equal(ws.authorizations.at(-1), `Basic ${Buffer.from(`monitor:${WS_PASS}`).toString('base64')}`);
      const read = await get(id);
      assert.equal(read.message, 'hello');
      assert.equal(read.expected_value, 'hello');
    });

    test('grpc: credentials in the URL reach the server as metadata; the answer masks them', async () => {
      const id = await createUp(
        'grpc private',
        { monitor_type: 'grpc', url: `grpc://monitor:${GRPC_PASS}@127.0.0.1:${grpc.port}`, service_name: '' },
        `grpc://monitor:${MASK}@127.0.0.1:${grpc.port}`,
      );
      assert.equal((await get(id)).service_name, '');
    });

    test('mqtt: a password-protected broker, round trip on a topic', { skip: mosquittoSkip }, async () => {
      const id = await createUp(
        'mqtt private',
        {
          monitor_type: 'mqtt',
          url: `mqtt://monitor:${MQTT_PASS}@127.0.0.1:${broker!.port}`,
          topic: 'checks/api',
        },
        `mqtt://monitor:${MASK}@127.0.0.1:${broker!.port}`,
      );
      // A replace that sends the mask back keeps the password: the next check still logs in.
      const current = await get(id);
      const replaced = await h.call('PUT', `/api/monitors/${id}`, {
        name: 'mqtt private',
        monitor_type: 'mqtt',
        url: current.url,
        topic: 'checks/api-2',
        check_interval_seconds: 3600,
        timeout_seconds: 5,
      });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.equal(replaced.json().topic, 'checks/api-2');
      const checked = await h.call('POST', `/api/monitors/${id}/check-now`);
      assert.ok(checked.statusCode < 300, checked.body);
      const second = await waitFor('a second mqtt check', async () => {
        const results = await resultsOf(h, id, 5);
        return results.length >= 2 ? results[0] : undefined;
      });
      assert.equal(second!.status, 'up', second!.error ?? '');
    });

    test('amqp: guest over the URL, the queue round trip passes and the password is masked', {
      skip: rabbitSkip,
    }, async () => {
      await createUp(
        'amqp rabbit',
        {
          monitor_type: 'amqp',
          url: 'amqp://guest:guest@127.0.0.1:5672/%2F',
          topic: `uptime-api-${randomUUID()}`,
        },
        `amqp://guest:${MASK}@127.0.0.1:5672/%2F`,
      );
    });

    test('fields of other types are refused naming them; nothing is created', async () => {
      const before = (await h.call('GET', '/api/monitors')).json().length;
      const res = await h.call('POST', '/api/monitors', {
        name: 'mixed up',
        monitor_type: 'mqtt',
        url: 'mqtt://127.0.0.1:1883',
        message: 'hi',
        service_name: 'x',
        check_interval_seconds: 60,
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      const paths = res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort();
      assert.deepEqual(paths, ['message', 'service_name']);
      const bad = await h.call('POST', '/api/monitors', {
        name: 'bad grpc',
        monitor_type: 'grpc',
        url: 'grpc://127.0.0.1',
        check_interval_seconds: 60,
      });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(bad.json().errors, [
        { path: 'url', message: 'the port is missing (grpc://host:port)' },
      ]);
      assert.equal((await h.call('GET', '/api/monitors')).json().length, before);
    });

    test('no password in the list, the export, the audit log or the stored row (only ciphertext)', async () => {
      const list = await h.call('GET', '/api/monitors');
      assertNoSecret(list.body, 'the monitor list');
      const exported = await h.call('GET', '/api/export/monitors');
      assert.equal(exported.statusCode, 200);
      assertNoSecret(exported.body, 'the export');
      const inExport = exported.json().monitors.find((m: { name: string }) => m.name === 'ws private');
      assert.equal(inExport.url, `ws://monitor:${MASK}@127.0.0.1:${ws.port}/private`);
      const audit = await h.call('GET', '/api/audit-log?limit=500');
      assert.equal(audit.statusCode, 200);
      assertNoSecret(audit.body, 'the audit log');
      const rows = await h.server.ctx.db.selectFrom('monitors').selectAll().execute();
      for (const row of rows) assertNoSecret(JSON.stringify(row), `the monitors row ${row.name}`);
      const wsRow = rows.find((r) => r.id === ids['ws private'])!;
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, wsRow.secrets), { url_password: WS_PASS });
      if (ids['amqp rabbit'] !== undefined) {
        const amqpRow = rows.find((r) => r.id === ids['amqp rabbit'])!;
        assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, amqpRow.secrets), {
          url_password: 'guest',
        });
      }
    });
  });
}
