import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { rawRequest } from '@app/kit/testing';
import { ADMIN, apiCall, type RunningMonitor, startMonitor } from '../web/service.js';

/** Requests a URL and reads only the head: an event stream would not end by itself. */
async function touch(url: string, init: RequestInit = {}): Promise<number> {
  const ctl = new AbortController();
  const res = await fetch(url, { ...init, signal: ctl.signal });
  ctl.abort();
  return res.status;
}

describe('credentials never reach the log of a running monitor', () => {
  let m: RunningMonitor;
  const secrets: Record<string, string> = {};
  let log = '';

  before(async () => {
    m = await startMonitor({ LOG_LEVEL: 'info' });
    const login = await fetch(`${m.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    assert.equal(login.status, 200);
    const { access_token, refresh_token } = (await login.json()) as Record<string, string>;
    secrets.password = ADMIN.password;
    secrets.jwt = access_token!;
    secrets.refresh = refresh_token!;
    const wrong = 'Wrong-Password-For-The-Log-Test';
    secrets.wrongPassword = wrong;
    await touch(`${m.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: wrong }),
    });
    const key = await apiCall<{ raw_key: string }>(m.base, access_token!, 'POST', '/api/api-keys', {
      name: 'log-test',
    });
    secrets.apiKey = key.raw_key;
    const monitor = await apiCall<{ heartbeat_token: string }>(
      m.base,
      access_token!,
      'POST',
      '/api/monitors',
      {
        name: 'cron',
        monitor_type: 'heartbeat',
      },
    );
    secrets.heartbeat = monitor.heartbeat_token;
    secrets.ticket = 'tkt-0123456789abcdef-log-test';
    secrets.other = 'some-oauth-code-value-42';

    // The dashboard stream with a JWT in the URL (EventSource sends no headers).
    await touch(`${m.base}/api/sse/dashboard?token=${encodeURIComponent(secrets.jwt)}`);
    await touch(`${m.base}/api/sse/dashboard?ticket=${secrets.ticket}`);
    // API keys in a URL are refused, on the stream and anywhere else.
    assert.equal(await touch(`${m.base}/api/sse/dashboard?token=${secrets.apiKey}`), 400);
    assert.equal(await touch(`${m.base}/api/monitors?api_key=${secrets.apiKey}`), 400);
    await touch(`${m.base}/api/monitors?code=${secrets.other}&Password=${secrets.wrongPassword}`);
    // Heartbeat pushes, good and failing, and one the router cannot decode.
    assert.equal(await touch(`${m.base}/api/heartbeat/${secrets.heartbeat}`), 200);
    assert.equal(await touch(`${m.base}/api/heartbeat/${secrets.heartbeat}/fail`, { method: 'POST' }), 200);
    await touch(`${m.base}/api/heartbeat/${secrets.heartbeat}?token=${secrets.heartbeat}`, {
      method: 'HEAD',
    });
    const bad = await rawRequest(
      m.port,
      `GET /api/heartbeat/${secrets.heartbeat}%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(bad.status, 400);
    // Stopping flushes the log; the "closing" line is the last one the process writes.
    await m.stop();
    log = m.proc.output();
  });
  after(() => m?.stop());

  test('no secret appears in any log line', () => {
    for (const [what, secret] of Object.entries(secrets)) {
      assert.ok(!log.includes(secret), `${what} leaked into the log:\n${log}`);
    }
  });

  test('the requests are still logged, with the secrets replaced', () => {
    const urls = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .flatMap((l) => (l.req?.url ? [l.req.url] : []));
    for (const expected of [
      '/api/sse/dashboard?token=[REDACTED]',
      '/api/sse/dashboard?ticket=[REDACTED]',
      '/api/monitors?api_key=[REDACTED]',
      '/api/monitors?code=[REDACTED]&Password=[REDACTED]',
      '/api/heartbeat/[REDACTED]',
      '/api/heartbeat/[REDACTED]/fail',
      '/api/heartbeat/[REDACTED]?token=[REDACTED]',
    ]) {
      assert.ok(urls.includes(expected), `no log line for ${expected}; urls: ${urls.join(' ')}`);
    }
  });
});
