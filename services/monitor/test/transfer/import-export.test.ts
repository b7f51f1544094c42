import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { monitorChannelsRepo } from '../../src/store/repos/monitor-channels-repo.js';
import { type Harness, startHarness } from '../engine/harness.js';

const hook = { name: 'ops-hook', type: 'webhook', config: { url: 'http://127.0.0.1:9/hook' } };

for (const target of await testDatabases()) {
  describe(`import and export on ${target.name}`, { skip: target.skip }, () => {
    let a: Harness;
    let b: Harness;
    before(async () => {
      a = await startHarness(target);
      b = await startHarness(target);
    });
    after(async () => {
      await a.stop();
      await b.stop();
    });

    test('export → import into an empty instance → export gives the same monitors', async () => {
      const ch = (await a.call('POST', '/api/channels', hook)).json();
      const web = await a.call('POST', '/api/monitors', {
        name: 'web',
        url: 'http://127.0.0.1:9/health',
        check_interval_seconds: 30,
        headers: { 'x-probe': '1' },
        auth: { type: 'basic', username: 'u', password: 'p' },
        expected_status_codes: '2xx,!204',
        keyword: 'ok',
      });
      assert.equal(web.statusCode, 201, web.body);
      await a.call('POST', '/api/monitors', { name: 'db', monitor_type: 'tcp', url: '127.0.0.1:9' });
      const hb = await a.call('POST', '/api/monitors', {
        name: 'cron',
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
      });
      await a.call('POST', `/api/monitors/${hb.json().id}/pause`);
      await monitorChannelsRepo.set(a.server.ctx.db, web.json().id, [ch.id]);
      await a.server.ctx.db
        .updateTable('monitors')
        .set({ reminder_interval_minutes: 30 })
        .where('id', '=', web.json().id)
        .execute();

      const exported = await a.call('GET', '/api/export/monitors');
      assert.equal(exported.statusCode, 200);
      assert.match(
        String(exported.headers['content-disposition']),
        /^attachment; filename="monitors-\d{4}-\d\d-\d\d\.json"$/,
      );
      const docA = exported.json();
      assert.equal(docA.version, 1);
      assert.equal(docA.monitors.length, 3);
      const first = docA.monitors[0];
      for (const runtime of ['id', 'current_status', 'last_checked_at', 'heartbeat_token', 'created_at']) {
        assert.equal(first[runtime], undefined, `${runtime} is not portable`);
      }
      assert.deepEqual(first.channels, ['ops-hook']);
      assert.equal(first.reminder_interval_minutes, 30);
      // Credentials are exported as the mask (test/secrets covers the rest).
      assert.deepEqual(first.auth, { type: 'basic', username: 'u', password: '********' });
      assert.equal(docA.monitors[2].paused, true);

      await b.call('POST', '/api/channels', hook);
      const imported = await b.call('POST', '/api/import/monitors', docA);
      assert.equal(imported.statusCode, 200, imported.body);
      assert.equal(imported.json().imported, 3);
      assert.equal(imported.json().ids.length, 3);
      assert.deepEqual(imported.json().warnings, [
        'monitors.0: auth.password was masked in the file; enter it again',
      ]);
      const docB = (await b.call('GET', '/api/export/monitors')).json();
      // The same monitors, but for the masked credential, which was left out.
      assert.deepEqual(docB.monitors, [{ ...docA.monitors[0], auth: null }, ...docA.monitors.slice(1)]);
      const cron = (await b.call('GET', `/api/monitors/${imported.json().ids[2]}`)).json();
      assert.equal(cron.current_status, 'paused');
      assert.match(cron.heartbeat_token, /\S{16,}/);
      const audit = (await b.call('GET', '/api/audit-log?action=monitor.import', undefined, b.admin)).json();
      assert.equal(audit.length, 1);
      assert.equal(audit[0].detail.imported, 3);
    });

    test('unknown and runtime keys are ignored; missing channels become warnings; a bare array works', async () => {
      const res = await b.call('POST', '/api/import/monitors', [
        {
          name: 'extra',
          url: 'http://127.0.0.1:9/',
          id: 77,
          current_status: 'up',
          colour: 'red',
          channels: ['nope'],
        },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().warnings, ['monitors.0: channel "nope" does not exist here; not linked']);
      const m = (await b.call('GET', `/api/monitors/${res.json().ids[0]}`)).json();
      assert.notEqual(m.id, 77);
      assert.equal(m.current_status, 'pending');
    });

    test('a malformed import changes nothing and names each failing entry', async () => {
      const before = (await b.call('GET', '/api/monitors')).json().length;
      const res = await b.call('POST', '/api/import/monitors', {
        version: 1,
        monitors: [
          { name: 'fine', url: 'http://127.0.0.1:9/' },
          { name: 'bad-type', monitor_type: 'carrier-pigeon', url: 'x' },
          { name: 'bad-codes', url: 'http://127.0.0.1:9/', expected_status_codes: '2xx,6xx' },
          'not a monitor',
          { url: 'http://127.0.0.1:9/' },
          { name: 'slow', url: 'http://127.0.0.1:9/', check_interval_seconds: 5, timeout_seconds: 30 },
        ],
      });
      assert.equal(res.statusCode, 422);
      const body = res.json();
      assert.equal(body.code, 'validation_failed');
      assert.equal(body.detail, '5 of 6 monitors are invalid; nothing was imported.');
      const failing = [
        ...new Set(body.errors.map((e: { path: string }) => e.path.split('.').slice(0, 2).join('.'))),
      ];
      assert.deepEqual(failing, ['monitors.1', 'monitors.2', 'monitors.3', 'monitors.4', 'monitors.5']);
      assert.ok(body.errors.some((e: { path: string }) => e.path === 'monitors.4.name'));
      assert.ok(
        body.errors.some((e: { path: string }) => e.path.startsWith('monitors.2.expected_status_codes')),
      );
      assert.equal((await b.call('GET', '/api/monitors')).json().length, before);
    });

    test('shape errors, auth and roles', async () => {
      assert.equal((await b.call('POST', '/api/import/monitors', { monitors: 'x' })).statusCode, 422);
      assert.equal((await b.call('POST', '/api/import/monitors', [], b.viewer)).statusCode, 403);
      assert.equal((await b.call('GET', '/api/export/monitors', undefined, b.viewer)).statusCode, 403);
      assert.equal((await b.call('GET', '/api/export/monitors', undefined, 'bad')).statusCode, 401);
      const empty = await b.call('POST', '/api/import/monitors', []);
      assert.deepEqual(empty.json(), {
        imported: 0,
        ids: [],
        mode: 'skip_existing',
        created: 0,
        updated: 0,
        skipped: 0,
        warnings: [],
      });
    });
  });
}
