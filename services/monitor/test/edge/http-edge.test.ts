import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { assertProblem, assertSecurityHeaders, rawRequest, testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const [sqlite] = await testDatabases();

describe('monitor HTTP edge over a real socket', () => {
  let s: TestServer;
  let port: number;
  let base: string;
  before(async () => {
    s = await startTestServer(sqlite!);
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    port = (s.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(() => s.stop());

  const get = (path: string, extra = '') =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`);

  test('a bad percent-encoding is a 400 problem that does not echo the URL', async () => {
    for (const path of ['/api/heartbeat/%zzsecret', '/api/monitors/%E0%A4%A']) {
      const res = await get(path);
      assertProblem(res, 400, 'malformed_url');
      assert.doesNotMatch(res.body, /secret|%E0/);
    }
  });

  test('a path parameter past the length limit is a 414 problem', async () => {
    const res = await rawRequest(
      port,
      `POST /api/heartbeat/${'a'.repeat(300)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    assertProblem(res, 414, 'uri_too_long');
    assert.doesNotMatch(res.body, /aaaa/);
  });

  test('a URL past 8 KiB is a 414 problem', async () => {
    assertProblem(await get(`/api/heartbeat/x?pad=${'a'.repeat(9000)}`), 414, 'uri_too_long');
  });

  test('headers past the size limit are a 431 problem', async () => {
    assertProblem(
      await get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`),
      431,
      'header_fields_too_large',
    );
  });

  test('a request that is not HTTP is a 400 problem', async () => {
    assertProblem(await rawRequest(port, 'HELLO\r\n\r\n'), 400, 'malformed_request');
  });

  test('the security headers are on pages, API answers and problems', async () => {
    const page = await fetch(`${base}/`);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assertSecurityHeaders(Object.fromEntries(page.headers), 'page');
    const health = await fetch(`${base}/api/health`);
    assert.equal(health.status, 200);
    assertSecurityHeaders(Object.fromEntries(health.headers), 'api');
    for (const [path, init, status] of [
      ['/api/nothing-here', {}, 404],
      ['/api/monitors', {}, 401],
      ['/api/auth/login', { method: 'POST', body: '{"username":"a\\u0000","password":"x"}' }, 422],
      ['/api/auth/login', { method: 'POST', body: '{' }, 400],
    ] as const) {
      const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json' } });
      assert.equal(res.status, status, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json(;|$)/);
      assertSecurityHeaders(Object.fromEntries(res.headers), `${status} ${path}`);
    }
  });

  test('Swagger UI gets its own policy: still no inline script, never framed', async () => {
    const res = await fetch(`${base}/api/docs/static/index.html`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.doesNotMatch(await res.text(), /<script>(?!\s*<\/script>)/);
  });

  test('an API key in any query string is refused before authentication, telling where it goes', async () => {
    for (const path of ['/api/sse/dashboard?token=mon_abcdefghijkl', '/api/monitors?x=mon_abcdefghijkl']) {
      const res = await fetch(`${base}${path}`);
      assert.equal(res.status, 400, path);
      const body = (await res.json()) as { code: string; detail: string };
      assert.equal(body.code, 'credentials_in_url');
      assert.match(body.detail, /Authorization: Bearer/);
    }
  });
});
