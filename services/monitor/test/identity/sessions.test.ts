import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.js';

// Ending a session must end its access tokens too, not only the refresh chain (issue 11, items 3 and 10).
for (const target of await testDatabases()) {
  describe(`session revocation on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const me = (token: string) => s.as(token, { method: 'GET', url: '/api/auth/me' });
    const refresh = (refresh_token: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
    const newUser = async (username: string, role = 'viewer') => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username, password: `${username}-password-1`, role },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id as number;
    };

    test('a password set by a superadmin ends the access and refresh tokens issued before', async () => {
      const id = await newUser('rita');
      const a = await s.login('rita', 'rita-password-1');
      const b = await s.login('rita', 'rita-password-1');
      assert.equal((await me(a.access_token)).statusCode, 200);
      const reset = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { password: 'set-by-admin-1' },
      });
      assert.equal(reset.statusCode, 200);
      for (const pair of [a, b]) {
        const old = await me(pair.access_token);
        assert.equal(old.statusCode, 401);
        assert.equal(old.json().code, 'invalid_token');
        const r = await refresh(pair.refresh_token);
        assert.equal(r.statusCode, 401);
        assert.equal(r.json().code, 'invalid_token');
      }
      // The new password opens a working session.
      const fresh = await s.login('rita', 'set-by-admin-1');
      assert.equal((await me(fresh.access_token)).statusCode, 200);
    });

    test('changing one’s own password ends the other sessions; the caller continues with the new pair', async () => {
      await newUser('carl');
      const here = await s.login('carl', 'carl-password-1');
      const elsewhere = await s.login('carl', 'carl-password-1');
      const res = await s.as(here.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: 'carl-password-1', new_password: 'carl-password-2' },
      });
      assert.equal(res.statusCode, 200);
      const next = res.json();
      assert.equal((await me(elsewhere.access_token)).statusCode, 401);
      assert.equal((await refresh(elsewhere.refresh_token)).statusCode, 401);
      // The token that made the change is spent too; the returned pair replaces it.
      assert.equal((await me(here.access_token)).statusCode, 401);
      assert.equal((await me(next.access_token)).statusCode, 200);
      const rotated = await refresh(next.refresh_token);
      assert.equal(rotated.statusCode, 200);
      assert.equal((await me(rotated.json().access_token)).statusCode, 200);
    });

    test('logout ends the access token that was in use', async () => {
      const pair = await s.login();
      assert.equal((await me(pair.access_token)).statusCode, 200);
      const out = await s.as(pair.access_token, {
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refresh_token: pair.refresh_token },
      });
      assert.equal(out.statusCode, 204);
      const after = await me(pair.access_token);
      assert.equal(after.statusCode, 401);
      assert.equal(after.json().code, 'invalid_token');
      assert.equal((await refresh(pair.refresh_token)).statusCode, 401);
      root = (await s.login()).access_token;
    });

    test('a routine refresh writes no audit entry; the sign-in before it does', async () => {
      await newUser('reno');
      const pair = await s.login('reno', 'reno-password-1');
      for (let i = 0, token = pair.refresh_token; i < 3; i++) {
        const r = await refresh(token);
        assert.equal(r.statusCode, 200, r.body);
        token = r.json().refresh_token;
      }
      const log = async (action: string) =>
        (await s.as(root, { method: 'GET', url: `/api/audit-log?action=${action}&limit=100` })).json() as {
          actor_name: string | null;
        }[];
      assert.deepEqual(await log('auth.refresh'), []);
      assert.ok((await log('auth.login')).some((e) => e.actor_name === 'reno'));
    });

    test('refresh-token reuse ends the access tokens of the chain as well', async () => {
      await newUser('tess');
      const first = await s.login('tess', 'tess-password-1');
      const second = (await refresh(first.refresh_token)).json();
      assert.equal((await me(second.access_token)).statusCode, 200);
      const replay = await refresh(first.refresh_token);
      assert.equal(replay.statusCode, 401);
      assert.equal((await me(second.access_token)).statusCode, 401);
      assert.equal((await me(first.access_token)).statusCode, 401);
      const [entry] = (
        await s.as(root, { method: 'GET', url: '/api/audit-log?action=auth.refresh_reuse_detected&limit=1' })
      ).json();
      assert.equal(entry.resource_id !== null, true);
    });

    test('a role change ends the access tokens; the refresh token still renews them with the new role', async () => {
      const id = await newUser('ross', 'admin');
      const pair = await s.login('ross', 'ross-password-1');
      const demoted = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { role: 'viewer' },
      });
      assert.equal(demoted.statusCode, 200);
      assert.equal((await me(pair.access_token)).statusCode, 401);
      const renewed = await refresh(pair.refresh_token);
      assert.equal(renewed.statusCode, 200);
      const who = await me(renewed.json().access_token);
      assert.equal(who.json().role, 'viewer');
    });

    test('other users and API keys are not affected by one user’s revocation', async () => {
      const id = await newUser('una');
      const other = await s.login(ADMIN.username, ADMIN.password);
      const key = (
        await s.as(other.access_token, { method: 'POST', url: '/api/api-keys', payload: { name: 'k' } })
      ).json();
      await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { password: 'una-new-password' },
      });
      assert.equal((await me(other.access_token)).statusCode, 200);
      assert.equal((await me(key.raw_key)).statusCode, 200);
    });
  });
}
