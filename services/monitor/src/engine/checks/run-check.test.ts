import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CheckTarget, runCheck } from './index.js';

describe('runCheck', () => {
  test('heartbeat monitors are not checked', async () => {
    const out = await runCheck({ monitor_type: 'heartbeat', url: null, timeout_seconds: 10 });
    assert.deepEqual(out, {
      status: 'down',
      response_time_ms: null,
      status_code: null,
      error: 'heartbeat monitors are push-based: they are judged by missed pings, not checked',
      tls_days_left: null,
      warning: null,
    });
  });

  test('an unknown type or a bad timeout is a down outcome, not an exception', async () => {
    const unknown = { monitor_type: 'gopher', url: 'x', timeout_seconds: 1 } as unknown as CheckTarget;
    assert.equal((await runCheck(unknown)).error, 'unknown monitor type "gopher"');
    const noTime = await runCheck({ monitor_type: 'tcp', url: '127.0.0.1:1', timeout_seconds: 0 });
    assert.equal(noTime.error, 'invalid timeout_seconds 0');
  });

  test('an already aborted signal stops the check before it starts', async () => {
    const out = await runCheck(
      { monitor_type: 'tcp', url: '127.0.0.1:1', timeout_seconds: 1 },
      AbortSignal.abort(),
    );
    assert.equal(out.error, 'check aborted');
  });
});
