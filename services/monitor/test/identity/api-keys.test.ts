import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

for (const target of await testDatabases()) {
  describe(`api keys on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    test('create shows the raw key once; list never shows it; the key works', async () => {
      const created = await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'ci' } });
      assert.equal(created.statusCode, 201);
      const key = created.json();
      assert.match(key.raw_key, /^mon_[A-Za-z0-9_-]{43}$/);
      assert.equal(key.prefix, key.raw_key.slice(0, 12));
      assert.equal(key.name, 'ci');
      assert.equal(key.last_used_at, null);
      assert.equal(key.expires_at, null);

      const list = await s.as(root, { method: 'GET', url: '/api/api-keys' });
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().length, 1);
      assert.equal(list.json()[0].raw_key, undefined);
      assert.doesNotMatch(list.body, new RegExp(key.raw_key.slice(12)));

      const me = await s.as(key.raw_key, { method: 'GET', url: '/api/auth/me' });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().auth_method, 'api_key');
      assert.equal(me.json().username, 'root-admin');

      const after = await s.as(root, { method: 'GET', url: '/api/api-keys' });
      assert.match(after.json()[0].last_used_at, /Z$/);

      const stored = await s.ctx.db.selectFrom('api_keys').selectAll().execute();
      assert.notEqual(stored[0]!.key_hash, key.raw_key);
      assert.doesNotMatch(JSON.stringify(stored), new RegExp(key.raw_key));
    });

    test('an API key cannot create API keys (403), revoking makes it 401', async () => {
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'k2' } })
      ).json();
      const nested = await s.as(key.raw_key, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { name: 'k3' },
      });
      assert.equal(nested.statusCode, 403);
      assert.equal(nested.json().code, 'api_key_not_allowed');
      const del = await s.as(root, { method: 'DELETE', url: `/api/api-keys/${key.id}` });
      assert.equal(del.statusCode, 204);
      const res = await s.as(key.raw_key, { method: 'GET', url: '/api/auth/me' });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'invalid_token');
      assert.equal((await s.as(root, { method: 'DELETE', url: `/api/api-keys/${key.id}` })).statusCode, 404);
    });

    test('an expired key is refused; a past expiry cannot be set', async () => {
      const past = await s.as(root, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { name: 'old', expires_at: '2001-01-01T00:00:00Z' },
      });
      assert.equal(past.statusCode, 422);
      assert.deepEqual(past.json().errors, [{ path: 'expires_at', message: 'must be in the future' }]);
      const soon = new Date(Date.now() + 3600_000).toISOString();
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'e', expires_at: soon } })
      ).json();
      assert.equal(key.expires_at, soon);
      assert.equal((await s.as(key.raw_key, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
      // Move the expiry into the past as time would.
      await s.ctx.db
        .updateTable('api_keys')
        .set({ expires_at: Date.now() - 1000 })
        .where('id', '=', key.id)
        .execute();
      const res = await s.as(key.raw_key, { method: 'GET', url: '/api/auth/me' });
      assert.equal(res.statusCode, 401);
      assert.match(res.json().detail, /expired/);
    });

    test('viewers cannot manage keys; a forged key is 401', async () => {
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'vee', password: 'vee-password', role: 'viewer' },
      });
      const vee = (await s.login('vee', 'vee-password')).access_token;
      assert.equal(
        (await s.as(vee, { method: 'POST', url: '/api/api-keys', payload: { name: 'x' } })).statusCode,
        403,
      );
      const forged = await s.as(`mon_${'A'.repeat(43)}`, { method: 'GET', url: '/api/auth/me' });
      assert.equal(forged.statusCode, 401);
      const bad = await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: '' } });
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'name');
    });
  });
}
