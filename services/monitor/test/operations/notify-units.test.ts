import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { formatMessage } from '../../src/alerting/notify/format.js';
import type { NotificationPayload } from '../../src/alerting/notify/types.js';
import { retryDelay } from '../../src/alerting/outbox/backoff.js';
import { decryptSecret, encryptSecret } from '../../src/platform/crypto/secret-box.js';

describe('notification building blocks', () => {
  test('secrets round-trip, use a fresh IV each time and refuse tampering or another key', () => {
    const key = randomBytes(32);
    const a = encryptSecret(key, 'hunter2');
    const b = encryptSecret(key, 'hunter2');
    assert.notEqual(a, b);
    assert.equal(decryptSecret(key, a), 'hunter2');
    assert.throws(() => decryptSecret(randomBytes(32), a));
    const parts = a.split(':');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    assert.throws(() => decryptSecret(key, parts.join(':')));
    assert.throws(() => decryptSecret(key, 'plain text'));
  });

  test('retry delays double up to the cap, with jitter between half and all of the step', () => {
    assert.equal(
      retryDelay(1, 1000, 60_000, () => 0),
      500,
    );
    assert.equal(
      retryDelay(1, 1000, 60_000, () => 1),
      1000,
    );
    assert.equal(
      retryDelay(3, 1000, 60_000, () => 1),
      4000,
    );
    assert.equal(
      retryDelay(3, 1000, 60_000, () => 0),
      2000,
    );
    assert.equal(
      retryDelay(20, 1000, 60_000, () => 1),
      60_000,
    );
    assert.equal(
      retryDelay(20, 1000, 60_000, () => 0),
      30_000,
    );
  });

  test('messages say what happened, why, for how long, and link to the dashboard', () => {
    const base: NotificationPayload = {
      event: 'monitor.down',
      monitor: { id: 4, name: 'api', url: 'https://api.example.test' },
      incident: { id: 1, root_cause: 'HTTP 502' },
      result: { status: 'down', status_code: 502, error: null },
      at: '2026-05-01T10:00:00.000Z',
    };
    const down = formatMessage(base, 'https://status.example.test/');
    assert.equal(down.title, '[DOWN] api');
    assert.equal(
      down.text,
      'api (https://api.example.test) is down: HTTP 502.\nhttps://status.example.test/monitors/4',
    );
    assert.equal(down.severity, 'critical');
    const up = formatMessage(
      { ...base, event: 'monitor.up', incident: { id: 1, duration_seconds: 3725 }, result: null },
      null,
    );
    assert.equal(up.text, 'api (https://api.example.test) is up again after 1h 2m.');
    assert.equal(up.link, null);
    const tls = formatMessage({ ...base, event: 'monitor.tls_expiring', result: { tls_days_left: 1 } }, null);
    assert.equal(tls.text, 'The TLS certificate of api (https://api.example.test) expires in 1 day.');
    assert.equal(tls.severity, 'warning');
  });
});
