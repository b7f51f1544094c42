import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type CheckTarget, runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import { needListener } from './brokers.js';
import { type HostilePeer, startHostilePeer } from './hostile-peer.js';
import { type Mosquitto, needMosquitto, startMosquitto } from './mosquitto.js';

const LEAK = { timeout: 20_000 };
const MACHINE = 'mqtt://127.0.0.1:1883';
const machineSkip = await needListener(1883, 'Mosquitto');
const privateSkip = needMosquitto();

function mqtt(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'mqtt', url, timeout_seconds: 1, ...extra };
}

describe('mqtt check against the machine’s Mosquitto (1883)', { skip: machineSkip }, () => {
  test('connecting is enough without a topic', async () => {
    const out = await runCheck(mqtt(MACHINE));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
  });

  test('with a topic, the unique message comes back', async () => {
    const out = await runCheck(mqtt(MACHINE, { topic: `uptime-test/${randomUUID()}` }));
    assert.equal(out.status, 'up', out.error ?? '');
  });
});

describe('mqtt check against a private broker with passwords', { skip: privateSkip }, () => {
  let broker: Mosquitto;
  before(
    async () => {
      broker = await startMosquitto({ monitor: 's3cret', mute: 'quiet' }, [
        'user monitor',
        'topic readwrite checks/#',
        'user mute',
        'topic write checks/#',
      ]);
    },
    { timeout: 20_000 },
  );
  after(async () => broker?.close());

  test(
    'the right password, in the URL or in auth, is up with a round trip, then disconnects',
    LEAK,
    async () => {
      const inUrl = await runCheck(
        mqtt(`mqtt://monitor:s3cret@127.0.0.1:${broker.port}`, { topic: 'checks/a' }),
      );
      assert.equal(inUrl.status, 'up', inUrl.error ?? '');
      const inAuth = await runCheck(
        mqtt(`mqtt://127.0.0.1:${broker.port}`, {
          topic: 'checks/b',
          auth: { type: 'basic', username: 'monitor', password: 's3cret' },
        }),
      );
      assert.equal(inAuth.status, 'up', inAuth.error ?? '');
      // Mosquitto logs a client's DISCONNECT as "Client <id> disconnected.": one per check.
      await broker.logged(/Client uptime-check-[\w-]+ disconnected\./, 2);
    },
  );

  test('a wrong password or none is auth failed', async () => {
    const wrong = await runCheck(mqtt(`mqtt://monitor:nope@127.0.0.1:${broker.port}`));
    assert.equal(wrong.status, 'down');
    assert.equal(wrong.error, 'auth failed');
    const none = await runCheck(mqtt(`mqtt://127.0.0.1:${broker.port}`));
    assert.equal(none.error, 'auth failed');
  });

  test('a message the broker never delivers back is down once the timeout passes', LEAK, async () => {
    const out = await runCheck(mqtt(`mqtt://mute:quiet@127.0.0.1:${broker.port}`, { topic: 'checks/c' }));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'no message back on "checks/c" within 1000 ms');
    // Cut off by the deadline, the socket is destroyed rather than left to the broker's keepalive.
    await broker.logged(/Client uptime-check-[\w-]+ closed its connection\./);
  });
});

describe('mqtts against a private broker with a self-signed certificate', { skip: privateSkip }, () => {
  let broker: Mosquitto;
  before(
    async () => {
      broker = await startMosquitto({ monitor: 's3cret' }, undefined, await makeCert(30));
    },
    { timeout: 20_000 },
  );
  after(async () => broker?.close());

  test('the certificate is refused unless TLS errors are ignored; then the login works over TLS', async () => {
    const url = `mqtts://monitor:s3cret@127.0.0.1:${broker.port}`;
    const strict = await runCheck(mqtt(url));
    assert.equal(strict.status, 'down');
    assert.equal(strict.error, 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    const relaxed = await runCheck(mqtt(url, { ignore_tls_errors: true, topic: 'checks/tls' }));
    assert.equal(relaxed.status, 'up', relaxed.error ?? '');
    const wrong = await runCheck(
      mqtt(`mqtts://monitor:nope@127.0.0.1:${broker.port}`, { ignore_tls_errors: true }),
    );
    assert.equal(wrong.error, 'auth failed');
  });
});

describe('mqtt check failures without a broker', () => {
  let hole: HostilePeer;
  before(async () => {
    hole = await startHostilePeer('silent');
  });
  after(async () => hole.close());

  test('a refused connection is down with the socket error', async () => {
    const port = await closedPort();
    const out = await runCheck(mqtt(`mqtt://127.0.0.1:${port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test(
    'a server that never answers CONNECT times out exactly, and the socket is destroyed',
    LEAK,
    async () => {
      const out = await runCheck(mqtt(`mqtt://127.0.0.1:${hole.port}`));
      assert.equal(out.status, 'down');
      assert.equal(out.error, 'timeout after 1000 ms');
      assert.equal(out.response_time_ms, null);
      assert.equal(hole.accepted() > 0, true);
      await hole.drained();
    },
  );
});
