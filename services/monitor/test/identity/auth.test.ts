import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.js';

for (const target of await testDatabases()) {
  describe(`auth on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(target, { LOGIN_MAX_FAILURES: '10' });
    });
    after(() => s.stop());

    test('login returns a bearer pair and /me tells who is calling', async () => {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), [
        'access_token',
        'expires_in',
        'refresh_token',
        'token_type',
      ]);
      assert.equal(body.token_type, 'bearer');
      assert.equal(body.expires_in, 900);
      assert.equal(body.access_token.split('.').length, 3);
      const me = await s.as(body.access_token, { method: 'GET', url: '/api/auth/me' });
      assert.equal(me.statusCode, 200);
      assert.deepEqual(me.json(), {
        id: 1,
        username: ADMIN.username,
        email: null,
        role: 'superadmin',
        must_change_password: false,
        auth_method: 'jwt',
        account_type: 'local',
        two_factor_enabled: false,
        mfa_enrolment_required: false,
      });
    });

    test('a wrong password and an unknown user get the same 401', async () => {
      const wrong = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: ADMIN.username, password: 'nope-nope' },
        remoteAddress: '10.9.9.1',
      });
      const unknown = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ghost', password: 'nope-nope' },
        remoteAddress: '10.9.9.1',
      });
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      assert.equal(wrong.json().code, 'invalid_credentials');
      assert.equal(wrong.json().detail, unknown.json().detail);
      assert.equal(wrong.headers['www-authenticate'], 'Bearer');
    });

    test('bad bodies are 400 or 422 with field paths', async () => {
      const missing = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'a' },
      });
      assert.equal(missing.statusCode, 422);
      assert.match(String(missing.headers['content-type']), /^application\/problem\+json/);
      assert.deepEqual(missing.json().errors, [{ path: 'password', message: 'is required' }]);
      const extra = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, otp: 1 },
      });
      assert.equal(extra.statusCode, 422);
      assert.deepEqual(extra.json().errors, [{ path: 'otp', message: 'is not a known field' }]);
      const broken = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      assert.equal(broken.statusCode, 400);
      assert.equal(broken.json().code, 'malformed_json');
    });

    test('missing, malformed and forged credentials are 401', async () => {
      const none = await s.app.inject({ method: 'GET', url: '/api/auth/me' });
      assert.equal(none.statusCode, 401);
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      assert.equal(none.json().code, 'unauthorized');
      const basic = await s.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: 'Basic eDp5' },
      });
      assert.equal(basic.statusCode, 401);
      const { access_token } = await s.login();
      const forged = `${access_token.slice(0, -4)}AAAA`;
      const res = await s.as(forged, { method: 'GET', url: '/api/auth/me' });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'invalid_token');
    });

    test('refresh rotates; reusing a spent token revokes the whole chain', async () => {
      const first = await s.login();
      const r1 = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: first.refresh_token },
      });
      assert.equal(r1.statusCode, 200);
      const second = r1.json();
      assert.notEqual(second.refresh_token, first.refresh_token);
      assert.equal((await s.as(second.access_token, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);

      const replay = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: first.refresh_token },
      });
      assert.equal(replay.statusCode, 401);
      assert.equal(replay.json().code, 'invalid_token');
      // The legitimate newest token of that chain died with it.
      const after = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: second.refresh_token },
      });
      assert.equal(after.statusCode, 401);
    });

    test('logout revokes the refresh token', async () => {
      const pair = await s.login();
      const out = await s.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refresh_token: pair.refresh_token },
      });
      assert.equal(out.statusCode, 204);
      const again = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: pair.refresh_token },
      });
      assert.equal(again.statusCode, 401);
    });

    test('change-password checks the current one, ends old sessions and returns a new pair', async () => {
      await s.as((await s.login()).access_token, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'pat', password: 'pat-password-1', role: 'viewer' },
      });
      const pat = await s.login('pat', 'pat-password-1');
      const wrong = await s.as(pat.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'not-it-at-all', new_password: 'pat-password-2' },
      });
      assert.equal(wrong.statusCode, 422);
      assert.deepEqual(wrong.json().errors, [{ path: 'current_password', message: 'is wrong' }]);
      const short = await s.as(pat.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'pat-password-1', new_password: 'short' },
      });
      assert.equal(short.statusCode, 422);
      assert.equal(short.json().errors[0].path, 'new_password');
      const ok = await s.as(pat.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'pat-password-1', new_password: 'pat-password-2' },
      });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().token_type, 'bearer');
      const oldRefresh = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: pat.refresh_token },
      });
      assert.equal(oldRefresh.statusCode, 401);
      await assert.rejects(s.login('pat', 'pat-password-1'), /401/);
      await s.login('pat', 'pat-password-2');
    });

    test('repeated failures from one address are rate limited with Retry-After', async () => {
      const codes: number[] = [];
      let last: Awaited<ReturnType<typeof s.app.inject>> | undefined;
      for (let i = 0; i < 12; i++) {
        last = await s.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: ADMIN.username, password: `wrong-${i}` },
          remoteAddress: '10.1.2.3',
        });
        codes.push(last.statusCode);
      }
      assert.deepEqual(codes, [...Array(10).fill(401), 429, 429]);
      assert.equal(last!.json().code, 'rate_limited');
      const retry = Number(last!.headers['retry-after']);
      assert.ok(retry > 0 && retry <= 900, `Retry-After ${retry}`);
      // Even the right password waits: the budget is per address and user.
      const right = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
        remoteAddress: '10.1.2.3',
      });
      assert.equal(right.statusCode, 429);
      // Another address is not affected.
      const other = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
        remoteAddress: '10.1.2.4',
      });
      assert.equal(other.statusCode, 200);
    });
  });
}
