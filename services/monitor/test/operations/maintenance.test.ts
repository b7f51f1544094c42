import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type OpsServer, roleTokens, startOn, type TestDb } from './ops-server.js';

for (const target of await testDatabases()) {
  describe(`maintenance windows on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let admin: string;
    let viewer: string;
    const monitorIds: number[] = [];
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      ({ admin, viewer } = await roleTokens(s, root));
      for (const name of ['api', 'db', 'cdn']) {
        const res = await s.as(admin, {
          method: 'POST',
          url: '/api/monitors',
          payload: { name, monitor_type: 'heartbeat' },
        });
        assert.equal(res.statusCode, 201, res.body);
        monitorIds.push(res.json().id);
      }
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    const hour = 3_600_000;
    const isoAt = (ms: number) => new Date(ms).toISOString();

    test('an admin creates, reads, replaces and deletes windows; viewers read', async () => {
      const [api, dbm] = monitorIds as [number, number];
      const created = await s.as(admin, {
        method: 'POST',
        url: '/api/maintenance',
        payload: {
          name: 'db upgrade',
          starts_at: isoAt(Date.now() - hour),
          ends_at: isoAt(Date.now() + hour),
          monitor_ids: [dbm],
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const w = created.json();
      assert.equal(w.name, 'db upgrade');
      assert.deepEqual(w.monitor_ids, [dbm]);
      assert.equal(w.recurrence, null);
      assert.equal(w.timezone, 'UTC');
      assert.equal(w.is_active, true);
      assert.equal(w.in_effect, true);
      assert.match(w.starts_at, /Z$/);

      // The engine's question, answered from memory.
      assert.equal(s.ctx.maintenance.isUnderMaintenance(dbm), true);
      assert.equal(s.ctx.maintenance.isUnderMaintenance(api), false);

      assert.deepEqual((await s.as(viewer, { method: 'GET', url: '/api/maintenance' })).json(), [w]);
      assert.deepEqual((await s.as(viewer, { method: 'GET', url: `/api/maintenance/${w.id}` })).json(), w);

      const put = await s.as(admin, {
        method: 'PUT',
        url: `/api/maintenance/${w.id}`,
        payload: {
          name: 'nightly',
          starts_at: '2026-01-01T00:00:00Z',
          ends_at: null,
          monitor_ids: [],
          recurrence: { cron: '30 2 * * *', duration_minutes: 30 },
          timezone: 'Europe/Berlin',
          is_active: false,
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json().recurrence, { cron: '30 2 * * *', duration_minutes: 30 });
      assert.equal(put.json().timezone, 'Europe/Berlin');
      assert.equal(put.json().ends_at, null);
      assert.equal(put.json().in_effect, false);
      assert.equal(s.ctx.maintenance.isUnderMaintenance(dbm), false);

      const audit = await s.as(root, {
        method: 'GET',
        url: `/api/audit-log?resource_type=maintenance&resource_id=${w.id}`,
      });
      assert.deepEqual(
        audit.json().map((e: { action: string }) => e.action),
        ['maintenance.update', 'maintenance.create'],
      );

      assert.equal(
        (await s.as(admin, { method: 'DELETE', url: `/api/maintenance/${w.id}` })).statusCode,
        204,
      );
      assert.equal((await s.as(viewer, { method: 'GET', url: `/api/maintenance/${w.id}` })).statusCode, 404);
    });

    test('an empty monitor list covers every monitor; a recurring window is evaluated in memory', async () => {
      const now = Date.now();
      const res = await s.as(admin, {
        method: 'POST',
        url: '/api/maintenance',
        payload: {
          name: 'always',
          starts_at: isoAt(now - 2 * hour),
          recurrence: { cron: '* * * * *', duration_minutes: 5 },
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().in_effect, true);
      for (const id of monitorIds) assert.equal(s.ctx.maintenance.isUnderMaintenance(id), true);
      assert.equal(s.ctx.maintenance.isUnderMaintenance(monitorIds[0]!, new Date(now - 3 * hour)), false);
      await s.as(admin, { method: 'DELETE', url: `/api/maintenance/${res.json().id}` });
      assert.equal(s.ctx.maintenance.isUnderMaintenance(monitorIds[0]!), false);
    });

    test('invalid windows are 422 with field paths', async () => {
      const post = (payload: Record<string, unknown>) =>
        s.as(admin, { method: 'POST', url: '/api/maintenance', payload });
      const paths = async (payload: Record<string, unknown>) => {
        const res = await post(payload);
        assert.equal(res.statusCode, 422, res.body);
        return res.json().errors.map((e: { path: string }) => e.path);
      };
      const base = { name: 'x', starts_at: '2026-05-01T10:00:00Z' };
      assert.deepEqual(await paths({ ...base, ends_at: '2026-05-01T09:00:00Z' }), ['ends_at']);
      assert.deepEqual(await paths(base), ['ends_at']);
      assert.deepEqual(await paths({ ...base, recurrence: { cron: '61 * * * *', duration_minutes: 10 } }), [
        'recurrence.cron',
      ]);
      assert.deepEqual(await paths({ ...base, recurrence: { cron: '0 3 * * *', duration_minutes: 0 } }), [
        'recurrence.duration_minutes',
      ]);
      assert.deepEqual(await paths({ ...base, ends_at: '2026-05-01T11:00:00Z', timezone: 'Mars/Olympus' }), [
        'timezone',
      ]);
      assert.deepEqual(
        await paths({ ...base, ends_at: '2026-05-01T11:00:00Z', monitor_ids: [monitorIds[0], 999999] }),
        ['monitor_ids.1'],
      );
      assert.deepEqual(await paths({ ...base, ends_at: 'tomorrow' }), ['ends_at']);
      assert.deepEqual(await paths({ ...base, ends_at: '2026-05-01T11:00:00Z', colour: 'red' }), ['colour']);
    });

    test('viewers cannot write; anonymous callers get 401', async () => {
      const body = { name: 'x', starts_at: '2026-05-01T10:00:00Z', ends_at: '2026-05-01T11:00:00Z' };
      assert.equal(
        (await s.as(viewer, { method: 'POST', url: '/api/maintenance', payload: body })).statusCode,
        403,
      );
      assert.equal((await s.app.inject({ method: 'GET', url: '/api/maintenance' })).statusCode, 401);
      const made = await s.as(admin, { method: 'POST', url: '/api/maintenance', payload: body });
      assert.equal(
        (await s.as(viewer, { method: 'PUT', url: `/api/maintenance/${made.json().id}`, payload: body }))
          .statusCode,
        403,
      );
      assert.equal(
        (await s.as(viewer, { method: 'DELETE', url: `/api/maintenance/${made.json().id}` })).statusCode,
        403,
      );
    });
  });
}
