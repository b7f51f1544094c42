import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitFor } from '../engine/harness.js';
import { basic, startAuthTarget } from './auth-target.js';
import { startDebugService } from './debug-service.js';

const SECRETS = ['log-url-pass', 'log-hdr-key', 'log-auth-pass', 'log-wrong-pass'];

test('monitor credentials never reach the log, at debug level, on success, failure and refusal', async () => {
  const peer = await startAuthTarget({
    '/ok': { authorization: basic('u', 'log-url-pass'), 'x-api-key': 'log-hdr-key' },
  });
  const { process: p, call } = await startDebugService();
  try {
    const good = await call('POST', '/api/monitors', {
      name: 'good',
      url: `http://u:log-url-pass@${peer.origin.slice(7)}/ok`,
      headers: { 'X-Api-Key': 'log-hdr-key' },
      check_interval_seconds: 3600,
    });
    assert.equal(good.status, 201);
    const bad = await call('POST', '/api/monitors', {
      name: 'bad',
      url: `${peer.origin}/ok`,
      auth: { type: 'basic', username: 'u', password: 'log-wrong-pass' },
      check_interval_seconds: 3600,
      retry_count: 0,
    });
    assert.equal(bad.status, 201);
    const refused = await call('PATCH', `/api/monitors/${good.json.id}`, {
      url: `http://u:********@127.0.0.2:1/ok`,
      auth: { type: 'basic', username: 'u', password: 'log-auth-pass' },
    });
    assert.equal(refused.status, 422);
    for (const [id, want] of [
      [good.json.id, 'up'],
      [bad.json.id, 'down'],
    ] as const) {
      await waitFor(`monitor ${id} ${want}`, async () =>
        (await call('GET', `/api/monitors/${id}`)).json.current_status === want ? true : undefined,
      );
    }
  } finally {
    await p.stop();
    await peer.close();
  }
  const out = p.output();
  assert.match(out, /\/api\/monitors/, 'requests were logged');
  for (const s of SECRETS) assert.ok(!out.includes(s), `the log holds ${s}`);
});
