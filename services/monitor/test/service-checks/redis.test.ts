import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { Redis } from 'ioredis';
import { runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import {
  eventually,
  needRedis,
  REDIS,
  type SilentServer,
  startSilentServer,
  target,
  uniqueName,
} from './servers.js';

const skip = await needRedis();

describe('redis check against the real Redis', { skip }, () => {
  let admin: Redis;
  let silent: SilentServer;
  let tlsProxy: TlsServer;
  let tlsPort: number;
  const user = uniqueName('mon_check');
  const password = 'right-pass-1';
  const key = uniqueName('mon_check_key');
  const at = `${REDIS.host}:${REDIS.port}`;

  before(async () => {
    admin = new Redis({ ...REDIS, lazyConnect: true });
    await admin.connect();
    // A temporary ACL user with a password: the default user has none here, so auth failure needs one.
    await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '+@all');
    await admin.set(key, 'expected-1', 'EX', 600);
    silent = await startSilentServer();
    // rediss:// : TLS with a self-signed certificate in front of the real Redis.
    const cert = await makeCert(30);
    tlsProxy = createTlsServer({ key: cert.key, cert: cert.cert }, (client) => {
      const upstream = connect(REDIS.port, REDIS.host);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => tlsProxy.listen(0, '127.0.0.1', resolve));
    tlsPort = (tlsProxy.address() as AddressInfo).port;
  });
  after(async () => {
    await admin.call('ACL', 'DELUSER', user);
    await admin.del(key);
    admin.disconnect();
    await silent.close();
    await new Promise<void>((resolve) => tlsProxy.close(() => resolve()));
  });

  test('PING → PONG is up, with or without credentials', async () => {
    const open = await runCheck(target('redis', `redis://${at}`));
    assert.equal(open.status, 'up', open.error ?? '');
    assert.ok(Number.isInteger(open.response_time_ms));
    const withUser = await runCheck(target('redis', `redis://${user}:${password}@${at}/0`));
    assert.equal(withUser.status, 'up', withUser.error ?? '');
    const viaAuth = await runCheck(
      target('redis', `redis://${at}`, { auth: { type: 'basic', username: user, password } }),
    );
    assert.equal(viaAuth.status, 'up', viaAuth.error ?? '');
  });

  test('a wrong password is "auth failed"', async () => {
    const out = await runCheck(target('redis', `redis://${user}:wrong-pass@${at}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'auth failed');
    assert.ok(out.response_time_ms !== null, 'the server answered');
  });

  test('the key’s value is compared with expected_value; a missing key reads null', async () => {
    const same = await runCheck(
      target('redis', `redis://${at}`, { query: key, expected_value: 'expected-1' }),
    );
    assert.equal(same.status, 'up', same.error ?? '');
    const other = await runCheck(
      target('redis', `redis://${at}`, { query: key, expected_value: 'expected-2' }),
    );
    assert.equal(other.status, 'down');
    assert.equal(other.error, 'expected "expected-2", got "expected-1"');
    const missing = await runCheck(
      target('redis', `redis://${at}/0`, { query: uniqueName('absent'), expected_value: 'x' }),
    );
    assert.equal(missing.error, 'expected "x", got "null"');
  });

  test('rediss:// speaks TLS: a self-signed certificate is refused unless TLS errors are ignored', async () => {
    const strict = await runCheck(target('redis', `rediss://127.0.0.1:${tlsPort}`));
    assert.equal(strict.status, 'down');
    assert.equal(strict.error, 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    const lenient = await runCheck(
      target('redis', `rediss://127.0.0.1:${tlsPort}`, {
        ignore_tls_errors: true,
        query: key,
        expected_value: 'expected-1',
      }),
    );
    assert.equal(lenient.status, 'up', lenient.error ?? '');
  });

  test('refused and timed out connections are down without a response time', async () => {
    const port = await closedPort();
    const refused = await runCheck(target('redis', `redis://127.0.0.1:${port}`));
    assert.equal(refused.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(refused.response_time_ms, null);
    const slow = await runCheck(target('redis', `redis://127.0.0.1:${silent.port}`, { timeout_seconds: 1 }));
    assert.equal(slow.error, 'timeout after 1000 ms');
    assert.equal(slow.response_time_ms, null);
    assert.equal(silent.accepted(), 1);
    await silent.settled();
  });

  test('every check closes its connection: none of the user’s is left on the server', async () => {
    const outs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runCheck(
          target('redis', `redis://${user}:${i % 2 ? password : 'wrong-pass'}@${at}`, {
            query: key,
            expected_value: 'expected-1',
          }),
        ),
      ),
    );
    assert.deepEqual(new Set(outs.map((o) => o.status)), new Set(['up', 'down']));
    await eventually('no check connection left', async () => {
      const list = String(await admin.call('CLIENT', 'LIST'));
      return !list.split('\n').some((line) => line.includes(` user=${user} `));
    });
  });
});
