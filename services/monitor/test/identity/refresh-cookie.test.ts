import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.js';

// Browsers keep the refresh token in an httpOnly cookie, never in a response a script can read
// (issue 11, item 11); API clients keep the JSON shape.
function refreshCookie(res: LightMyRequestResponse) {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const line = all.find((c) => c.startsWith('monitor_refresh='));
  if (!line) return null;
  const [pair, ...attrs] = line.split('; ');
  return { value: pair!.slice('monitor_refresh='.length), attrs };
}

for (const target of await testDatabases()) {
  describe(`refresh cookie on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(target);
    });
    after(() => s.stop());

    const cookieLogin = (headers: Record<string, string> = {}) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, refresh_transport: 'cookie' },
        headers,
      });
    const withCookie = (url: string, value: string) =>
      s.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { cookie: `theme=dark; monitor_refresh=${value}` },
      });

    test('a cookie sign-in sets an httpOnly, SameSite=Strict cookie on /api/auth and keeps the token out of the body', async () => {
      const res = await cookieLogin();
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'token_type']);
      const c = refreshCookie(res);
      assert.ok(c, String(res.headers['set-cookie']));
      assert.match(c.value, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(c.attrs, ['Path=/api/auth', 'Max-Age=2592000', 'HttpOnly', 'SameSite=Strict']);
      // Behind https (directly or via a proxy that says so) it is Secure as well.
      const https = refreshCookie(await cookieLogin({ 'x-forwarded-proto': 'https' }));
      assert.ok(https?.attrs.includes('Secure'));
    });

    test('refresh with the cookie rotates it and answers without the token; a spent cookie is refused and cleared', async () => {
      const first = refreshCookie(await cookieLogin())!;
      const r1 = await withCookie('/api/auth/refresh', first.value);
      assert.equal(r1.statusCode, 200, r1.body);
      assert.equal(r1.json().refresh_token, undefined);
      const second = refreshCookie(r1)!;
      assert.notEqual(second.value, first.value);
      const me = await s.as(r1.json().access_token, { method: 'GET', url: '/api/auth/me' });
      assert.equal(me.statusCode, 200);
      // Replaying the spent cookie is reuse: refused, the cookie cleared, the chain revoked.
      const replay = await withCookie('/api/auth/refresh', first.value);
      assert.equal(replay.statusCode, 401);
      assert.equal(refreshCookie(replay)?.value, '');
      assert.ok(refreshCookie(replay)?.attrs.includes('Max-Age=0'));
      assert.equal((await withCookie('/api/auth/refresh', second.value)).statusCode, 401);
      // Neither a body nor a cookie: 401.
      const none = await s.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().code, 'invalid_token');
    });

    test('logout with the cookie ends the session and clears the cookie', async () => {
      const login = await cookieLogin();
      const c = refreshCookie(login)!;
      // A cookie client may send no body at all.
      const bare = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { cookie: `monitor_refresh=${c.value}` },
      });
      assert.equal(bare.statusCode, 200, bare.body);
      const current = refreshCookie(bare)!;
      const out = await s.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `monitor_refresh=${current.value}` },
      });
      assert.equal(out.statusCode, 204);
      assert.ok(refreshCookie(out)?.attrs.includes('Max-Age=0'));
      assert.equal((await withCookie('/api/auth/refresh', current.value)).statusCode, 401);
      assert.equal(
        (await s.as(login.json().access_token, { method: 'GET', url: '/api/auth/me' })).statusCode,
        401,
      );
    });

    test('change-password from a cookie session renews the cookie, not the body', async () => {
      const made = await s.as((await s.login()).access_token, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'cora', password: 'cora-password-1', role: 'viewer' },
      });
      assert.equal(made.statusCode, 201);
      const login = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'cora', password: 'cora-password-1', refresh_transport: 'cookie' },
      });
      const c = refreshCookie(login)!;
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'cora-password-1', new_password: 'cora-password-2' },
        headers: {
          authorization: `Bearer ${login.json().access_token}`,
          cookie: `monitor_refresh=${c.value}`,
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().refresh_token, undefined);
      const renewed = refreshCookie(res)!;
      assert.notEqual(renewed.value, c.value);
      assert.equal((await withCookie('/api/auth/refresh', c.value)).statusCode, 401);
      assert.equal((await withCookie('/api/auth/refresh', renewed.value)).statusCode, 200);
    });

    test('API clients keep the JSON shape: refresh_token in the body, no cookie', async () => {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      assert.equal(res.statusCode, 200);
      assert.equal(typeof res.json().refresh_token, 'string');
      assert.equal(res.headers['set-cookie'], undefined);
      const r = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: res.json().refresh_token },
      });
      assert.equal(r.statusCode, 200);
      assert.equal(typeof r.json().refresh_token, 'string');
      assert.equal(r.headers['set-cookie'], undefined);
      const bad = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, refresh_transport: 'pigeon' },
      });
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'refresh_transport');
    });
  });
}
