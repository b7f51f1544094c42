import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closedPort, startTcpListener, type TcpListener } from '../../../test/peers/tcp-listener.js';
import { type CheckTarget, runCheck } from './index.js';

function tcp(url: string): CheckTarget {
  return { monitor_type: 'tcp', url, timeout_seconds: 1 };
}

describe('tcp', () => {
  let listener: TcpListener;
  before(async () => {
    listener = await startTcpListener();
  });
  after(() => listener.close());

  test('host:port that accepts is up', async () => {
    const out = await runCheck(tcp(`127.0.0.1:${listener.port}`));
    assert.equal(out.status, 'up');
    assert.equal(out.error, null);
    assert.equal(typeof out.response_time_ms, 'number');
    assert.equal(out.status_code, null);
  });

  test('tcp://host:port and localhost work too', async () => {
    const before = listener.accepted();
    assert.equal((await runCheck(tcp(`tcp://127.0.0.1:${listener.port}`))).status, 'up');
    assert.equal(listener.accepted(), before + 1);
  });

  test('a refused port is down with the address', async () => {
    const port = await closedPort();
    const out = await runCheck(tcp(`127.0.0.1:${port}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test('malformed targets are explained', async () => {
    assert.equal(
      (await runCheck(tcp('127.0.0.1'))).error,
      'invalid target "127.0.0.1": the port is missing (host:port)',
    );
    assert.equal(
      (await runCheck(tcp('http://127.0.0.1:80'))).error,
      'unsupported scheme "http://" in "http://127.0.0.1:80": expected tcp://',
    );
    assert.equal(
      (await runCheck(tcp('127.0.0.1:99999'))).error,
      'invalid target "127.0.0.1:99999": expected host:port',
    );
    assert.equal(
      (await runCheck(tcp('127.0.0.1:80/x'))).error,
      'invalid target "127.0.0.1:80/x": expected host:port',
    );
  });
});
