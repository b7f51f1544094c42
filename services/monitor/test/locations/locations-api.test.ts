import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

for (const target of await testDatabases()) {
  describe(`locations API on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      s.as(root, { method, url, ...(payload && { payload }) });

    test('local is built in, listed first, online, and cannot be deleted or given a token', async () => {
      const list = await api('GET', '/api/locations');
      assert.equal(list.statusCode, 200);
      const [local] = list.json();
      assert.equal(local.id, 'local');
      assert.equal(local.is_local, true);
      assert.equal(local.status, 'online');
      assert.equal(local.skew_ms, 0);
      assert.match(local.version, /^\d+\.\d+\.\d+/);
      assert.equal(local.token, undefined);
      const del = await api('DELETE', '/api/locations/local');
      assert.equal(del.statusCode, 409);
      assert.equal(del.json().code, 'local_location');
      const rot = await api('POST', '/api/locations/local/rotate-token');
      assert.equal(rot.statusCode, 409);
      const hb = await api('PUT', '/api/locations/local', { heartbeat_seconds: 30 });
      assert.equal(hb.statusCode, 422);
      assert.equal(hb.json().errors[0].path, 'heartbeat_seconds');
      const renamed = await api('PUT', '/api/locations/local', { name: 'Home', region: 'eu' });
      assert.equal(renamed.statusCode, 200);
      assert.equal(renamed.json().name, 'Home');
      assert.equal(renamed.json().region, 'eu');
    });

    test('create: default id from the name, token once, validation, taken id 409, audited', async () => {
      const res = await api('POST', '/api/locations', { name: 'Europe West', region: 'eu-west-1' });
      assert.equal(res.statusCode, 201);
      const loc = res.json();
      assert.equal(loc.id, 'europe-west');
      assert.equal(loc.status, 'offline');
      assert.equal(loc.last_seen_at, null);
      assert.equal(loc.heartbeat_seconds, 10);
      assert.equal(loc.monitor_count, 0);
      assert.match(loc.token, /^mon_probe_[A-Za-z0-9_-]{43}$/);

      const one = await api('GET', '/api/locations/europe-west');
      assert.equal(one.statusCode, 200);
      assert.equal(one.json().token, undefined);
      const list = await api('GET', '/api/locations');
      assert.doesNotMatch(list.body, new RegExp(loc.token.slice(12)));
      const stored = await s.ctx.db
        .selectFrom('locations')
        .selectAll()
        .where('id', '=', 'europe-west')
        .execute();
      assert.doesNotMatch(JSON.stringify(stored), new RegExp(loc.token.slice(12)));
      assert.equal(stored[0]!.token_prefix, loc.token.slice(0, 18));

      const taken = await api('POST', '/api/locations', { name: 'Other', id: 'europe-west' });
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().code, 'location_id_taken');
      const local = await api('POST', '/api/locations', { name: 'Local again', id: 'local' });
      assert.equal(local.statusCode, 409);
      for (const bad of [
        { name: '' },
        { name: 'x', id: 'Upper' },
        { name: 'x', id: '-dash' },
        { name: 'x', heartbeat_seconds: 4 },
        { name: 'x', heartbeat_seconds: 3601 },
        { name: 'x', extra: 1 },
      ]) {
        const r = await api('POST', '/api/locations', bad);
        assert.ok(r.statusCode === 400 || r.statusCode === 422, `${JSON.stringify(bad)} → ${r.statusCode}`);
      }
      const count = await s.ctx.db.selectFrom('locations').select('id').execute();
      assert.equal(count.length, 2);

      const audit = await s.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', 'like', 'location.%')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => a.action),
        ['location.update', 'location.create'],
      );
      assert.equal(audit[1]!.resource_id, 'europe-west');
      assert.doesNotMatch(JSON.stringify(audit), /mon_probe_/);
    });

    test('update, rotate (old token 401 at once), delete (token 401, monitors back to local)', async () => {
      const loc = (await api('POST', '/api/locations', { name: 'Asia', heartbeat_seconds: 20 })).json();
      const ok = await s.as(loc.token, { method: 'GET', url: '/api/probe/assignments' });
      assert.equal(ok.statusCode, 200);
      const upd = await api('PUT', '/api/locations/asia', { name: 'Asia East', heartbeat_seconds: 15 });
      assert.equal(upd.statusCode, 200);
      assert.equal(upd.json().name, 'Asia East');
      assert.equal(upd.json().heartbeat_seconds, 15);
      assert.equal((await api('PUT', '/api/locations/nowhere', { name: 'x' })).statusCode, 404);

      const rotated = await api('POST', '/api/locations/asia/rotate-token');
      assert.equal(rotated.statusCode, 200);
      const fresh = rotated.json().token;
      assert.notEqual(fresh, loc.token);
      const old = await s.as(loc.token, { method: 'GET', url: '/api/probe/assignments' });
      assert.equal(old.statusCode, 401);
      assert.equal(old.json().code, 'invalid_token');
      assert.equal((await s.as(fresh, { method: 'GET', url: '/api/probe/assignments' })).statusCode, 200);

      const m = await api('POST', '/api/monitors', {
        name: 'two places',
        url: 'http://127.0.0.1:9/',
        location_ids: ['asia', 'local'],
        quorum: 2,
      });
      assert.equal(m.statusCode, 201, m.body);
      assert.equal((await api('GET', '/api/locations/asia')).json().monitor_count, 1);

      const del = await api('DELETE', '/api/locations/asia');
      assert.equal(del.statusCode, 204);
      assert.equal((await api('GET', '/api/locations/asia')).statusCode, 404);
      assert.equal((await s.as(fresh, { method: 'GET', url: '/api/probe/assignments' })).statusCode, 401);
      const after = (await api('GET', `/api/monitors/${m.json().id}`)).json();
      assert.deepEqual(after.location_ids, ['local']);
      assert.equal(after.quorum, 1);
      const row = await s.ctx.db
        .selectFrom('monitors')
        .select(['location_ids'])
        .where('id', '=', m.json().id)
        .executeTakeFirstOrThrow();
      assert.equal(row.location_ids, null);
      const rows = await s.ctx.db.selectFrom('monitor_locations').selectAll().execute();
      assert.equal(rows.length, 0);
      const actions = (
        await s.ctx.db
          .selectFrom('audit_log')
          .select('action')
          .where('resource_id', '=', 'asia')
          .orderBy('id')
          .execute()
      ).map((a) => a.action);
      assert.deepEqual(actions, [
        'location.create',
        'location.update',
        'location.rotate_token',
        'location.delete',
      ]);
    });

    test('roles: viewers read, only a superadmin writes; API keys cannot rotate', async () => {
      const viewer = await api('POST', '/api/users', {
        username: 'loc-viewer',
        password: 'viewer-password-1',
        role: 'viewer',
      });
      assert.equal(viewer.statusCode, 201, viewer.body);
      const admin = await api('POST', '/api/users', {
        username: 'loc-admin',
        password: 'admin-password-22',
        role: 'admin',
      });
      assert.equal(admin.statusCode, 201, admin.body);
      const vt = (await s.login('loc-viewer', 'viewer-password-1')).access_token;
      const at = (await s.login('loc-admin', 'admin-password-22')).access_token;
      assert.equal((await s.as(vt, { method: 'GET', url: '/api/locations' })).statusCode, 200);
      const denied = await s.as(at, { method: 'POST', url: '/api/locations', payload: { name: 'Nope' } });
      assert.equal(denied.statusCode, 403);
      const key = (await api('POST', '/api/api-keys', { name: 'k' })).json().raw_key;
      const byKey = await s.as(key, { method: 'POST', url: '/api/locations', payload: { name: 'By key' } });
      assert.equal(byKey.statusCode, 201);
      const rot = await s.as(key, { method: 'POST', url: '/api/locations/by-key/rotate-token' });
      assert.equal(rot.statusCode, 403);
      assert.equal(rot.json().code, 'api_key_not_allowed');
    });
  });
}
