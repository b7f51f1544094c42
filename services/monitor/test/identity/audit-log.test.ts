import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface Entry {
  id: number;
  at: string;
  actor_type: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

for (const target of await testDatabases()) {
  describe(`audit log on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const read = async (query = '') => {
      const res = await s.as(root, { method: 'GET', url: `/api/audit-log${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as Entry[];
    };

    test('state changes leave one entry each, newest first, secrets redacted', async () => {
      const made = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'bob', password: 'bob-secret-pw', role: 'admin' },
      });
      await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${made.json().id}`,
        payload: { password: 'new-secret-pw' },
      });
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'deploy' } })
      ).json();

      const entries = await read();
      assert.deepEqual(
        entries.slice(0, 4).map((e) => e.action),
        ['api_key.create', 'user.update', 'user.create', 'auth.login'],
      );
      const [k, upd, create, login] = entries;
      assert.equal(k!.actor_type, 'user');
      assert.equal(k!.actor_name, 'root-admin');
      assert.equal(k!.resource_type, 'api_key');
      assert.equal(k!.resource_id, String(key.id));
      assert.equal(create!.resource_id, String(made.json().id));
      assert.deepEqual(create!.detail, { username: 'bob', email: null, role: 'admin' });
      // The password is not in the entry at all, only that it was among the fields set.
      assert.deepEqual(upd!.detail, { fields: ['password'] });
      assert.equal(login!.ip, '127.0.0.1');
      assert.ok(Date.parse(entries[0]!.at) >= Date.parse(entries[3]!.at));
      const all = JSON.stringify(await read('?limit=1000'));
      assert.doesNotMatch(all, /bob-secret-pw|new-secret-pw/);
      assert.doesNotMatch(all, new RegExp(key.raw_key));
      // The first superadmin was created by the system at start.
      const system = await read('?actor_type=system');
      assert.deepEqual(
        system.map((e) => e.action),
        ['user.create'],
      );
    });

    test('entries made with an API key name the key; failed logins are recorded', async () => {
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'robot' } })
      ).json();
      await s.as(key.raw_key, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'made-by-key', password: 'made-by-key-password', role: 'viewer' },
      });
      const [e] = await read('?action=user.create&limit=1');
      assert.equal(e!.actor_type, 'api_key');
      assert.equal(e!.actor_id, key.id);
      assert.equal(e!.actor_name, 'root-admin/robot');

      await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'zed', password: 'wrong-pw' },
      });
      const [f] = await read('?action=auth.login_failed');
      assert.equal(f!.actor_type, 'anonymous');
      assert.deepEqual(f!.detail, { username: 'zed' });
    });

    test('filters: action prefix, resource, time range; paging with Link', async () => {
      const users = await read('?action=user.');
      assert.ok(users.length >= 3);
      assert.ok(users.every((e) => e.action.startsWith('user.')));
      const one = await read('?resource_type=user&resource_id=1');
      assert.ok(one.every((e) => e.resource_id === '1'));
      const future = await read(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
      assert.deepEqual(future, []);

      const page1 = await s.as(root, { method: 'GET', url: '/api/audit-log?limit=2' });
      const link = String(page1.headers.link);
      const m = /^<(\/api\/audit-log\?[^>]+)>; rel="next"$/.exec(link);
      assert.ok(m, link);
      const page2 = await s.as(root, { method: 'GET', url: m[1]! });
      const ids = [...page1.json(), ...page2.json()].map((e: Entry) => e.id);
      assert.equal(new Set(ids).size, 4);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => b - a),
      );
    });

    test('bad filters are 422; non-superadmins 403', async () => {
      const range = await s.as(root, {
        method: 'GET',
        url: '/api/audit-log?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z',
      });
      assert.equal(range.statusCode, 422);
      assert.equal(range.json().errors[0].path, 'from');
      const date = await s.as(root, { method: 'GET', url: '/api/audit-log?from=yesterday' });
      assert.equal(date.statusCode, 422);
      assert.equal(date.json().errors[0].path, 'from');
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'adm', password: 'adm-password', role: 'admin' },
      });
      const adm = (await s.login('adm', 'adm-password')).access_token;
      assert.equal((await s.as(adm, { method: 'GET', url: '/api/audit-log' })).statusCode, 403);
    });
  });
}
