import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// A superadmin resets a colleague's password: a temporary one, changed at the next sign-in, and
// every session of the colleague ends (issue 16, item 4).
for (const target of await testDatabases()) {
  describe(`password reset by a superadmin on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const newUser = async (username: string, role = 'viewer') => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username, password: `${username}-password-1`, role },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id as number;
    };
    const me = (token: string) => s.as(token, { method: 'GET', url: '/api/auth/me' });
    const refresh = (refresh_token: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
    const reset = (token: string, id: number, payload?: object) =>
      s.as(token, {
        method: 'POST',
        url: `/api/users/${id}/reset-password`,
        ...(payload ? { payload } : {}),
      });
    const signIn = (username: string, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

    test('a generated temporary password: shown once, old sessions end, change forced at sign-in', async () => {
      const id = await newUser('sven');
      const a = await s.login('sven', 'sven-password-1');
      const b = await s.login('sven', 'sven-password-1');
      const res = await reset(root, id);
      assert.equal(res.statusCode, 200, res.body);
      const { temporary_password: temp } = res.json() as { temporary_password: string };
      assert.match(temp, /^[A-Za-z0-9]{20}$/);
      for (const pair of [a, b]) {
        assert.equal((await me(pair.access_token)).statusCode, 401);
        assert.equal((await refresh(pair.refresh_token)).statusCode, 401);
      }
      assert.equal((await signIn('sven', 'sven-password-1')).statusCode, 401);
      const user = await s.as(root, { method: 'GET', url: `/api/users/${id}` });
      assert.equal(user.json().must_change_password, true);
      assert.ok(!JSON.stringify(user.json()).includes(temp));

      const fresh = (await s.login('sven', temp)).access_token;
      const who = await me(fresh);
      assert.equal(who.statusCode, 200);
      assert.equal(who.json().must_change_password, true);
      const blocked = await s.as(fresh, { method: 'GET', url: '/api/monitors' });
      assert.equal(blocked.statusCode, 403);
      assert.equal(blocked.json().code, 'password_change_required');
      const changed = await s.as(fresh, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: temp, new_password: 'sven-chosen-password' },
      });
      assert.equal(changed.statusCode, 200, changed.body);
      const after = await s.as(changed.json().access_token, { method: 'GET', url: '/api/monitors' });
      assert.equal(after.statusCode, 200);
    });

    test('a given temporary password must meet the policy; a good one is answered back', async () => {
      const id = await newUser('tove');
      const weak = await reset(root, id, { temporary_password: 'tove' });
      assert.equal(weak.statusCode, 422);
      assert.deepEqual(weak.json().errors, [
        { path: 'temporary_password', message: 'must be at least 12 characters long (it has 4)' },
        { path: 'temporary_password', message: 'must not be the username' },
      ]);
      // Nothing changed: the old password still opens a session, no change is forced.
      const still = await signIn('tove', 'tove-password-1');
      assert.equal(still.statusCode, 200);
      assert.equal((await me(still.json().access_token)).json().must_change_password, false);
      const good = await reset(root, id, { temporary_password: 'handed-over-on-paper' });
      assert.equal(good.statusCode, 200);
      assert.deepEqual(good.json(), { temporary_password: 'handed-over-on-paper' });
      assert.equal((await signIn('tove', 'handed-over-on-paper')).statusCode, 200);
    });

    test('only a signed-in superadmin may reset: admins and viewers 403, API keys 403, unknown user 404', async () => {
      const target = await newUser('ulla');
      await newUser('vik', 'admin');
      const admin = (await s.login('vik', 'vik-password-1')).access_token;
      const denied = await reset(admin, target);
      assert.equal(denied.statusCode, 403);
      assert.equal(denied.json().code, 'forbidden');
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'reset-bot' } })
      ).json();
      const byKey = await reset(key.raw_key, target);
      assert.equal(byKey.statusCode, 403);
      assert.equal(byKey.json().code, 'api_key_not_allowed');
      const missing = await reset(root, 999_999);
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().code, 'not_found');
      // None of these touched ulla.
      assert.equal((await signIn('ulla', 'ulla-password-1')).statusCode, 200);
    });

    test('the reset is audited without the password', async () => {
      const id = await newUser('wilma');
      const { temporary_password: temp } = (await reset(root, id)).json();
      const log = await s.as(root, { method: 'GET', url: '/api/audit-log?action=user.reset_password' });
      const [entry] = log.json();
      assert.equal(entry.resource_id, String(id));
      assert.equal(entry.actor_name, 'root-admin');
      assert.deepEqual(entry.detail, { username: 'wilma', generated: true });
      const all = await s.as(root, { method: 'GET', url: '/api/audit-log?limit=1000' });
      assert.ok(!all.body.includes(temp));
      assert.ok(!all.body.includes('handed-over-on-paper'));
    });
  });
}
