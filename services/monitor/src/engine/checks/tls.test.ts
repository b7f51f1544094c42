import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeCert } from '../../../test/peers/certs.js';
import { type HttpTarget, startHttpTarget } from '../../../test/peers/http-target.js';
import { closedPort, startTcpListener } from '../../../test/peers/tcp-listener.js';
import { type CheckTarget, runCheck } from './index.js';

function tls(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'tls', url, timeout_seconds: 1, ...extra };
}

describe('tls', () => {
  let valid: HttpTarget;
  let soon: HttpTarget;
  let expired: HttpTarget;

  before(async () => {
    valid = await startHttpTarget(await makeCert(60));
    soon = await startHttpTarget(await makeCert(5));
    expired = await startHttpTarget(await makeCert(-3));
  });
  after(async () => {
    await valid.close();
    await soon.close();
    await expired.close();
  });

  test('an untrusted (self-signed) certificate is down with the reason and the days left', async () => {
    const out = await runCheck(tls(`127.0.0.1:${valid.port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'certificate invalid: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    assert.equal(out.tls_days_left, 60);
  });

  test('with TLS errors ignored only the dates count: up with days left', async () => {
    const out = await runCheck(tls(`127.0.0.1:${valid.port}`, { ignore_tls_errors: true }));
    assert.equal(out.status, 'up');
    assert.equal(out.tls_days_left, 60);
    assert.equal(out.warning, null);
    assert.equal(out.error, null);
  });

  test('an https URL is accepted as the target', async () => {
    const out = await runCheck(tls(`https://127.0.0.1:${valid.port}/some/path`, { ignore_tls_errors: true }));
    assert.equal(out.tls_days_left, 60);
  });

  test('expiring within the warn threshold is still up, with a warning', async () => {
    const out = await runCheck(tls(`127.0.0.1:${soon.port}`, { ignore_tls_errors: true, tls_warn_days: 7 }));
    assert.equal(out.status, 'up');
    assert.equal(out.tls_days_left, 5);
    assert.match(
      out.warning ?? '',
      /^certificate expires in 5 days \(.+Z\), within the 7-day warning threshold$/,
    );
    const calm = await runCheck(tls(`127.0.0.1:${soon.port}`, { ignore_tls_errors: true, tls_warn_days: 4 }));
    assert.equal(calm.warning, null);
  });

  test('an expired certificate is down even with TLS errors ignored', async () => {
    const out = await runCheck(tls(`127.0.0.1:${expired.port}`, { ignore_tls_errors: true }));
    assert.equal(out.status, 'down');
    assert.equal(out.tls_days_left, -3);
    assert.match(out.error ?? '', /^certificate expired 3 days ago \(\d{4}-\d\d-\d\dT.+Z\)$/);
  });

  test('a refused port is down with the address', async () => {
    const port = await closedPort();
    const out = await runCheck(tls(`127.0.0.1:${port}`));
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  test('a server that accepts but never completes the handshake times out', async () => {
    const silent = await startTcpListener();
    try {
      const out = await runCheck(tls(`127.0.0.1:${silent.port}`));
      assert.equal(out.error, 'timeout after 1000 ms');
      assert.equal(out.tls_days_left, null);
    } finally {
      await silent.close();
    }
  });

  test('a plain-text server is a TLS failure, not a hang', async () => {
    const plain = await startHttpTarget();
    try {
      const out = await runCheck(tls(`127.0.0.1:${plain.port}`));
      assert.equal(out.status, 'down');
      assert.equal(
        out.error,
        'TLS handshake failed: wrong version number (the port does not seem to speak TLS)',
      );
    } finally {
      await plain.close();
    }
  });
});
