import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckTarget, runCheck } from '../../src/engine/checks/index.js';
import { closedPort, makeCert } from '../peers/index.js';
import { type HostilePeer, startHostilePeer } from './hostile-peer.js';
import { startWsPeer, WS_PASSWORD, WS_USER, type WsPeer } from './ws-peer.js';

// A leaked connection would keep `drained()` waiting: this turns that into a failure, not a hang.
const LEAK = { timeout: 20_000 };

function ws(url: string, extra: Partial<CheckTarget> = {}): CheckTarget {
  return { monitor_type: 'websocket', url, timeout_seconds: 1, ...extra };
}

describe('websocket check', () => {
  let peer: WsPeer;
  let tlsPeer: WsPeer;
  let hole: HostilePeer;
  let base: string;

  before(async () => {
    peer = await startWsPeer();
    tlsPeer = await startWsPeer(await makeCert(30));
    hole = await startHostilePeer('silent');
    base = `ws://127.0.0.1:${peer.port}`;
  });
  after(async () => {
    await peer.close();
    await tlsPeer.close();
    await hole.close();
  });

  test('a message echoed back as expected is up, and the connection is closed afterwards', LEAK, async () => {
    const out = await runCheck(ws(`${base}/echo`, { message: 'ping', expected_value: 'ping' }));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
    await peer.drained();
  });

  test('the upgrade alone is enough when nothing else is asked', LEAK, async () => {
    const out = await runCheck(ws(`${base}/silent`));
    assert.equal(out.status, 'up', out.error ?? '');
    await peer.drained();
  });

  test('a greeting the server sends by itself can be the expected value', async () => {
    const out = await runCheck(ws(`${base}/hello`, { expected_value: 'hello' }));
    assert.equal(out.status, 'up', out.error ?? '');
  });

  test('a different text back is down with both values quoted', LEAK, async () => {
    const out = await runCheck(ws(`${base}/echo`, { message: 'ping', expected_value: 'pong' }));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'expected "pong", got "ping"');
    assert.equal(typeof out.response_time_ms, 'number');
    await peer.drained();
  });

  test('a server closing before the expected message is down with its close code', async () => {
    const out = await runCheck(ws(`${base}/policy`, { expected_value: 'hello' }));
    assert.equal(out.error, 'closed by the server (code 1008) before a message came');
  });

  test('without a message, the server closing by itself with the expected code is up', async () => {
    const out = await runCheck(ws(`${base}/policy`, { expected_close_code: 1008 }));
    assert.equal(out.status, 'up', out.error ?? '');
    const wrong = await runCheck(ws(`${base}/policy`, { expected_close_code: 1000 }));
    assert.equal(wrong.status, 'down');
    assert.equal(wrong.error, 'expected close code 1000, got 1008');
  });

  test('with a message, the check closes politely and the server’s reply code counts', LEAK, async () => {
    const polite = await runCheck(ws(`${base}/echo`, { message: 'bye', expected_close_code: 1000 }));
    assert.equal(polite.status, 'up', polite.error ?? '');
    const crash = await runCheck(ws(`${base}/crash`, { message: 'boom', expected_close_code: 1000 }));
    assert.equal(crash.status, 'down');
    assert.equal(crash.error, 'expected close code 1000, got 1011');
    await peer.drained();
  });

  test('credentials: none or wrong is auth failed (401); from the URL or from auth they are sent as Basic', async () => {
    const none = await runCheck(ws(`${base}/private`, { message: 'hi', expected_value: 'hi' }));
    assert.equal(none.status, 'down');
    assert.equal(none.error, 'auth failed');
    assert.equal(none.status_code, 401);
    const wrong = await runCheck(ws(`ws://${WS_USER}:nope@127.0.0.1:${peer.port}/private`));
    assert.equal(wrong.error, 'auth failed');
    const inUrl = await runCheck(
      ws(`ws://${WS_USER}:${WS_PASSWORD}@127.0.0.1:${peer.port}/private`, {
        message: 'hi',
        expected_value: 'hi',
      }),
    );
    assert.equal(inUrl.status, 'up', inUrl.error ?? '');
    const inAuth = await runCheck(
      ws(`${base}/private`, { auth: { type: 'basic', username: WS_USER, password: WS_PASSWORD } }),
    );
    assert.equal(inAuth.status, 'up', inAuth.error ?? '');
    const basic = `Basic ${Buffer.from(`${WS_USER}:${WS_PASSWORD}`).toString('base64')}`;
    assert.deepEqual(peer.authorizations.slice(-2), [basic, basic]);
  });

  test('an upgrade answered with another status is down with it', async () => {
    const out = await runCheck(ws(`${base}/nowhere`));
    assert.equal(out.error, 'upgrade refused: HTTP 404');
    assert.equal(out.status_code, 404);
  });

  test('a refused connection is down with the socket error', async () => {
    const port = await closedPort();
    const out = await runCheck(ws(`ws://127.0.0.1:${port}/`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test(
    'a server that never answers the upgrade times out exactly, and the socket is destroyed',
    LEAK,
    async () => {
      const out = await runCheck(ws(`ws://127.0.0.1:${hole.port}/`));
      assert.equal(out.status, 'down');
      assert.equal(out.error, 'timeout after 1000 ms');
      assert.equal(out.response_time_ms, null);
      assert.equal(hole.accepted() > 0, true);
      await hole.drained();
    },
  );

  test('waiting for a message that never comes times out, and the socket is closed', LEAK, async () => {
    const out = await runCheck(ws(`${base}/silent`, { message: 'anyone?', expected_value: 'yes' }));
    assert.equal(out.error, 'timeout after 1000 ms');
    await peer.drained();
  });

  test('wss: an untrusted certificate is down; with TLS errors ignored it is up', async () => {
    const url = `wss://127.0.0.1:${tlsPeer.port}/echo`;
    const strict = await runCheck(ws(url, { message: 'a', expected_value: 'a' }));
    assert.equal(strict.status, 'down');
    assert.equal(strict.error, 'TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)');
    const relaxed = await runCheck(ws(url, { message: 'a', expected_value: 'a', ignore_tls_errors: true }));
    assert.equal(relaxed.status, 'up', relaxed.error ?? '');
  });

  test('a header ws cannot send is a down outcome, not an exception', async () => {
    const out = await runCheck(ws(`${base}/echo`, { headers: { 'bad name': 'x' } }));
    assert.equal(out.status, 'down');
    assert.match(out.error ?? '', /^Header name must be a valid HTTP token/);
  });

  test('a URL of another scheme is refused before connecting', async () => {
    const out = await runCheck(ws(`http://127.0.0.1:${peer.port}/echo`));
    assert.equal(out.error, 'invalid url: must use ws:// or wss://, not http://');
  });
});
