import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { type Channel, type ChannelModel, connect } from 'amqplib';
import { type CheckTarget, runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import { needListener } from './brokers.js';
import { type HostilePeer, startHostilePeer } from './hostile-peer.js';

const LEAK = { timeout: 20_000 };
const RABBIT = 'amqp://guest:guest@127.0.0.1:5672';
const rabbitSkip = await needListener(5672, 'RabbitMQ');

function amqp(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'amqp', url, timeout_seconds: 2, ...extra };
}

/** True when `queue` exists, asked on a channel of its own (a failed passive declare closes it). */
async function queueExists(conn: ChannelModel, queue: string): Promise<boolean> {
  const channel: Channel = await conn.createChannel();
  channel.on('error', () => {});
  try {
    await channel.checkQueue(queue);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}

describe('amqp check against the machine’s RabbitMQ (5672)', { skip: rabbitSkip }, () => {
  let observer: ChannelModel;
  before(async () => {
    observer = await connect(RABBIT);
  });
  after(async () => observer?.close());

  test('connecting is enough without a queue', async () => {
    const out = await runCheck(amqp(RABBIT));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('with a queue, the unique message comes back and the queue is gone afterwards', async () => {
    const queue = `uptime-test-${randomUUID()}`;
    const out = await runCheck(amqp(`${RABBIT}/`, { topic: queue }));
    assert.equal(out.status, 'up', out.error ?? '');
    // The check's queue is exclusive to its connection: its absence also shows the connection closed.
    assert.equal(await queueExists(observer, queue), false);
  });

  test('credentials given as auth work like those in the URL', async () => {
    const out = await runCheck(
      amqp('amqp://127.0.0.1:5672/%2F', {
        topic: `uptime-test-${randomUUID()}`,
        auth: { type: 'basic', username: 'guest', password: 'guest' },
      }),
    );
    assert.equal(out.status, 'up', out.error ?? '');
  });

  test('a wrong password is auth failed', async () => {
    const out = await runCheck(amqp('amqp://guest:wrong@127.0.0.1:5672'));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'auth failed');
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('an unknown vhost is down naming it', async () => {
    const vhost = `nope-${randomUUID().slice(0, 8)}`;
    const out = await runCheck(amqp(`${RABBIT}/${vhost}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `vhost "${vhost}" not found or not allowed for this user`);
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('an application’s queue of the same name is refused, and left as it was', async () => {
    const queue = `uptime-app-${randomUUID()}`;
    const app = await observer.createChannel();
    await app.assertQueue(queue, { durable: false });
    app.sendToQueue(queue, Buffer.from('an order'));
    try {
      const out = await runCheck(amqp(RABBIT, { topic: queue }));
      assert.equal(out.status, 'down');
      assert.equal(
        out.error,
        `queue "${queue}" is in use by another connection or was declared by someone else: give the check a queue of its own`,
      );
      const { messageCount } = await app.checkQueue(queue);
      assert.equal(messageCount, 1);
    } finally {
      await app.deleteQueue(queue);
      await app.close();
    }
  });
});

describe('amqp check failures without a broker', () => {
  let hole: HostilePeer;
  before(async () => {
    hole = await startHostilePeer('silent');
  });
  after(async () => hole.close());

  test(
    'amqps: an untrusted certificate is refused; ignored, the check reaches the AMQP handshake',
    LEAK,
    async () => {
      // A TLS server that never speaks AMQP: enough to see the certificate judged, then the timeout.
      const cert = await makeCert(30);
      const server: TlsServer = createTlsServer({ key: cert.key, cert: cert.cert }, (socket) => {
        socket.on('error', () => {});
        socket.resume();
      });
      server.on('tlsClientError', () => {});
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `amqps://guest:guest@127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const strict = await runCheck(amqp(url, { timeout_seconds: 1 }));
        assert.equal(strict.error, 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
        const relaxed = await runCheck(amqp(url, { timeout_seconds: 1, ignore_tls_errors: true }));
        assert.equal(relaxed.error, 'timeout after 1000 ms');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  );

  test('a refused connection is down with the socket error', async () => {
    const port = await closedPort();
    const out = await runCheck(amqp(`amqp://guest:guest@127.0.0.1:${port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test(
    'a server that never answers the handshake times out exactly, and the socket is destroyed',
    LEAK,
    async () => {
      const out = await runCheck(amqp(`amqp://127.0.0.1:${hole.port}`, { timeout_seconds: 1 }));
      assert.equal(out.status, 'down');
      assert.equal(out.error, 'timeout after 1000 ms');
      assert.equal(out.response_time_ms, null);
      assert.equal(hole.accepted() > 0, true);
      await hole.drained();
    },
  );
});
