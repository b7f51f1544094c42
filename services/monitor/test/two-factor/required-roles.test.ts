import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { codeAt, freshStep, newPerson } from './totp-fixture.js';

// The superadmin setting that requires two-factor for chosen roles (issue 16, item 1).
for (const target of await testDatabases()) {
  describe(`required two-factor on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const requireFor = async (roles: unknown) =>
      s.as(root, { method: 'PUT', url: '/api/settings', payload: { two_factor_required_roles: roles } });

    test('bad role lists are refused and change nothing', async () => {
      for (const roles of [['owner'], ['admin', 'admin'], 'admin']) {
        const res = await requireFor(roles);
        assert.equal(res.statusCode, 422, JSON.stringify(roles));
        assert.equal(res.json().code, 'validation_failed');
      }
      const settings = await s.as(root, { method: 'GET', url: '/api/settings' });
      assert.deepEqual(settings.json().two_factor_required_roles, []);
    });

    test('a user of a required role reaches only enrolment, /me and sign-out until enrolled; API keys work on', async () => {
      const a = await newPerson(s, root, 'admin');
      const viewer = await newPerson(s, root, 'viewer');
      const key = await s.as(a.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'deploy' } });
      assert.equal(key.statusCode, 201, key.body);
      const rawKey: string = key.json().raw_key;
      const set = await requireFor(['admin']);
      assert.equal(set.statusCode, 200, set.body);
      assert.deepEqual(set.json().two_factor_required_roles, ['admin']);
      try {
        const pair = await s.login(a.username, a.password);
        const t = pair.access_token;
        for (const [method, url] of [
          ['GET', '/api/monitors'],
          ['POST', '/api/api-keys'],
          ['GET', '/api/api-keys'],
        ] as const) {
          const res = await s.as(t, { method, url, ...(method === 'POST' && { payload: { name: 'x' } }) });
          assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
          assert.equal(res.json().code, 'mfa_enrolment_required');
          assert.match(res.json().detail, /two-factor/);
        }
        const me = await s.as(t, { method: 'GET', url: '/api/auth/me' });
        assert.equal(me.statusCode, 200);
        assert.equal(me.json().mfa_enrolment_required, true);
        assert.equal(me.json().two_factor_enabled, false);
        const status = await s.as(t, { method: 'GET', url: '/api/auth/two-factor' });
        assert.equal(status.json().required, true);

        // The API key made before is a machine's: never held up.
        const byKey = await s.as(rawKey, { method: 'GET', url: '/api/monitors' });
        assert.equal(byKey.statusCode, 200, byKey.body);
        const keyMe = await s.as(rawKey, { method: 'GET', url: '/api/auth/me' });
        assert.equal(keyMe.json().mfa_enrolment_required, false);
        // Roles not listed are not affected.
        assert.equal((await s.as(viewer.token, { method: 'GET', url: '/api/monitors' })).statusCode, 200);

        await freshStep();
        const enrol = await s.as(t, { method: 'POST', url: '/api/auth/two-factor/enrol' });
        assert.equal(enrol.statusCode, 200, enrol.body);
        const confirm = await s.as(t, {
          method: 'POST',
          url: '/api/auth/two-factor/confirm',
          payload: { code: await codeAt(enrol.json().secret) },
        });
        assert.equal(confirm.statusCode, 200, confirm.body);
        const open = await s.as(t, { method: 'GET', url: '/api/monitors' });
        assert.equal(open.statusCode, 200, 'the same session goes on once enrolled');
        const after = await s.as(t, { method: 'GET', url: '/api/auth/me' });
        assert.equal(after.json().mfa_enrolment_required, false);

        const logout = await s.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refresh_token: pair.refresh_token },
        });
        assert.equal(logout.statusCode, 204);
      } finally {
        await requireFor([]);
      }
    });

    test('a forced password change comes first, then the enrolment', async () => {
      const p = await newPerson(s, root, 'viewer');
      const patch = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${p.id}`,
        payload: { must_change_password: true },
      });
      assert.equal(patch.statusCode, 200, patch.body);
      await requireFor(['viewer']);
      try {
        const t = (await s.login(p.username, p.password)).access_token;
        const blocked = await s.as(t, { method: 'POST', url: '/api/auth/two-factor/enrol' });
        assert.equal(blocked.statusCode, 403);
        assert.equal(blocked.json().code, 'password_change_required');
        const changed = await s.as(t, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { current_password: p.password, new_password: `${p.password}-renewed` },
        });
        assert.equal(changed.statusCode, 200, changed.body);
        const t2 = changed.json().access_token;
        const gated = await s.as(t2, { method: 'GET', url: '/api/monitors' });
        assert.equal(gated.json().code, 'mfa_enrolment_required');
        const enrol = await s.as(t2, { method: 'POST', url: '/api/auth/two-factor/enrol' });
        assert.equal(enrol.statusCode, 200, enrol.body);
      } finally {
        await requireFor([]);
      }
    });
  });
}
