import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertProblem, assertSecurityHeaders, rawRequest, testDatabases } from '@app/kit/testing';
import { startService, type TestService } from '../helpers/service.js';

const [sqlite] = await testDatabases();

describe('metrics HTTP edge over a real socket', () => {
  let svc: TestService;
  let db: Awaited<ReturnType<NonNullable<typeof sqlite>['create']>>;
  let port: number;
  before(async () => {
    db = await sqlite!.create();
    svc = await startService({ DATA_DIR: db.dataDir, PYLINT_ENABLED: 'false' }, { worker: false });
    port = Number(new URL(svc.url).port);
  });
  after(async () => {
    await svc?.close();
    await db?.cleanup();
  });

  const request = (method: string, path: string, extra = '') =>
    rawRequest(
      port,
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n${extra}Connection: close\r\n\r\n`,
    );

  test('a bad percent-encoding is a 400 problem', async () => {
    assertProblem(await request('GET', '/api/analyses/%zz'), 400, 'malformed_url');
  });

  test('a URL past 8 KiB is a 414 problem', async () => {
    assertProblem(await request('GET', `/api/analyses?repo_url=${'a'.repeat(9000)}`), 414, 'uri_too_long');
  });

  test('headers past the size limit are a 431 problem', async () => {
    assertProblem(
      await request('GET', '/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`),
      431,
      'header_fields_too_large',
    );
  });

  test('a request that is not HTTP is a 400 problem', async () => {
    assertProblem(await rawRequest(port, 'HELLO\r\n\r\n'), 400, 'malformed_request');
  });

  test('the security headers are on pages, API answers and problems', async () => {
    const page = await fetch(`${svc.url}/`);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assertSecurityHeaders(Object.fromEntries(page.headers), 'page');
    const health = await fetch(`${svc.url}/api/health`);
    assert.equal(health.status, 200);
    assertSecurityHeaders(Object.fromEntries(health.headers), 'api');
    for (const [path, status] of [
      ['/api/nothing-here', 404],
      ['/api/analyses/0x1', 422],
      ['/api/analyses/12345', 404],
    ] as const) {
      const res = await fetch(`${svc.url}${path}`);
      assert.equal(res.status, status, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assertSecurityHeaders(Object.fromEntries(res.headers), `${status} ${path}`);
    }
    const bad = await fetch(`${svc.url}/api/analyses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    assert.equal(bad.status, 400);
    assertSecurityHeaders(Object.fromEntries(bad.headers), '400 malformed json');
  });

  test('Swagger UI gets its own policy: still no inline script, never framed', async () => {
    const res = await fetch(`${svc.url}/docs/static/index.html`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });
});
