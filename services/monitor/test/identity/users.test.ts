import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

for (const target of await testDatabases()) {
  describe(`users on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    test('a superadmin creates, reads, updates and deletes users', async () => {
      const created = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: {
          username: 'alice',
          email: 'alice@example.test',
          password: 'alice-password',
          role: 'admin',
        },
      });
      assert.equal(created.statusCode, 201);
      const alice = created.json();
      assert.equal(alice.username, 'alice');
      assert.equal(alice.role, 'admin');
      assert.equal(alice.email, 'alice@example.test');
      assert.equal(alice.password_hash, undefined);
      assert.equal(alice.password, undefined);
      assert.match(alice.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const list = await s.as(root, { method: 'GET', url: '/api/users' });
      assert.deepEqual(
        list.json().map((u: { username: string }) => u.username),
        ['root-admin', 'alice'],
      );
      const one = await s.as(root, { method: 'GET', url: `/api/users/${alice.id}` });
      assert.deepEqual(one.json(), alice);

      const patched = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${alice.id}`,
        payload: { role: 'viewer' },
      });
      assert.equal(patched.statusCode, 200);
      assert.equal(patched.json().role, 'viewer');

      const gone = await s.as(root, { method: 'DELETE', url: `/api/users/${alice.id}` });
      assert.equal(gone.statusCode, 204);
      assert.equal((await s.as(root, { method: 'GET', url: `/api/users/${alice.id}` })).statusCode, 404);
    });

    test('a deleted user’s token stops working at once', async () => {
      const made = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'temp', password: 'temp-password', role: 'viewer' },
      });
      const t = (await s.login('temp', 'temp-password')).access_token;
      assert.equal((await s.as(t, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
      await s.as(root, { method: 'DELETE', url: `/api/users/${made.json().id}` });
      const res = await s.as(t, { method: 'GET', url: '/api/auth/me' });
      assert.equal(res.statusCode, 401);
    });

    test('admins and viewers get 403; anonymous callers 401', async () => {
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'ada', password: 'ada-password', role: 'admin' },
      });
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'vic', password: 'vic-password', role: 'viewer' },
      });
      for (const who of ['ada', 'vic']) {
        const t = (await s.login(who, `${who}-password`)).access_token;
        const res = await s.as(t, {
          method: 'POST',
          url: '/api/users',
          payload: { username: 'x', password: 'xxxxxxxx', role: 'viewer' },
        });
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().code, 'forbidden');
        assert.equal((await s.as(t, { method: 'GET', url: '/api/users' })).statusCode, 403);
      }
      assert.equal((await s.app.inject({ method: 'GET', url: '/api/users' })).statusCode, 401);
    });

    test('validation: bad role, short password, bad username, unknown field, empty patch', async () => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'has space', password: 'short', role: 'god', extra: true },
      });
      assert.equal(res.statusCode, 422);
      const paths = res.json().errors.map((e: { path: string }) => e.path);
      // The short password is the password policy's to judge, after the shape is right
      // (test/sessions/password-policy.test.ts).
      for (const p of ['username', 'role', 'extra']) assert.ok(paths.includes(p), `${p} in ${paths}`);
      const empty = await s.as(root, { method: 'PATCH', url: '/api/users/1', payload: {} });
      assert.equal(empty.statusCode, 422);
      const badId = await s.as(root, { method: 'GET', url: '/api/users/abc' });
      assert.equal(badId.statusCode, 422);
      assert.equal(badId.json().errors[0].path, 'id');
    });

    test('usernames are unique (409)', async () => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'root-admin', password: 'whatever-password-1', role: 'viewer' },
      });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'username_taken');
    });

    test('the last superadmin can be neither demoted nor deleted', async () => {
      const demote = await s.as(root, { method: 'PATCH', url: '/api/users/1', payload: { role: 'admin' } });
      assert.equal(demote.statusCode, 409);
      assert.equal(demote.json().code, 'last_superadmin');
      const del = await s.as(root, { method: 'DELETE', url: '/api/users/1' });
      assert.equal(del.statusCode, 409);
      // With a second superadmin the first may step down.
      const second = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'su2', password: 'su2-password', role: 'superadmin' },
      });
      const ok = await s.as(root, { method: 'PATCH', url: '/api/users/1', payload: { role: 'admin' } });
      assert.equal(ok.statusCode, 200);
      const su2 = (await s.login('su2', 'su2-password')).access_token;
      const back = await s.as(su2, { method: 'PATCH', url: '/api/users/1', payload: { role: 'superadmin' } });
      assert.equal(back.statusCode, 200);
      await s.as(root, { method: 'DELETE', url: `/api/users/${second.json().id}` });
    });
  });
}
