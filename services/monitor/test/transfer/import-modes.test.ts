import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, startHarness } from '../engine/harness.js';

interface MonitorView {
  id: number;
  name: string;
  url: string;
  check_interval_seconds: number;
  current_status: string;
}

for (const target of await testDatabases()) {
  describe(`import preview and modes on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    // No engine checks needed: the monitors point nowhere and only their configuration matters.
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => h?.stop());

    // Configuration only: the engine keeps checking, so runtime fields move on their own.
    const monitors = async () =>
      ((await h.call('GET', '/api/monitors')).json() as MonitorView[]).map((m) => ({
        id: m.id,
        name: m.name,
        url: m.url,
        check_interval_seconds: m.check_interval_seconds,
      }));
    const exported = async () =>
      (await h.call('GET', '/api/export/monitors')).json() as {
        monitors: Record<string, unknown>[];
      };

    test('setup: two monitors', async () => {
      for (const name of ['alpha', 'beta']) {
        const r = await h.call('POST', '/api/monitors', {
          name,
          url: `http://127.0.0.1:9/${name}`,
          check_interval_seconds: 300,
        });
        assert.equal(r.statusCode, 201, r.body);
      }
    });

    test('preview counts new, existing and invalid entries and writes nothing', async () => {
      const before = await monitors();
      const audit = (await h.call('GET', '/api/audit-log?action=monitor.import')).json() as unknown[];
      const res = await h.call('POST', '/api/import/monitors/preview', {
        version: 1,
        monitors: [
          { name: 'alpha', url: 'http://127.0.0.1:9/alpha' },
          { name: 'gamma', url: 'http://127.0.0.1:9/gamma' },
          { name: 'broken', url: 'http://127.0.0.1:9/', check_interval_seconds: 0 },
          'not a monitor',
        ],
      });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(
        { total: body.total, new: body.new, existing: body.existing, invalid: body.invalid },
        { total: 4, new: 1, existing: 1, invalid: 2 },
      );
      const alpha = before.find((m) => m.name === 'alpha')!;
      assert.deepEqual(body.entries[0], {
        index: 0,
        name: 'alpha',
        status: 'existing',
        existing_ids: [alpha.id],
        errors: [],
      });
      assert.equal(body.entries[1].status, 'new');
      assert.equal(body.entries[2].status, 'invalid');
      assert.ok(
        body.entries[2].errors.some((e: { path: string }) => e.path === 'monitors.2.check_interval_seconds'),
      );
      assert.deepEqual(body.entries[3], {
        index: 3,
        name: null,
        status: 'invalid',
        existing_ids: [],
        errors: [{ path: 'monitors.3', message: 'must be an object' }],
      });
      assert.deepEqual(await monitors(), before);
      assert.equal(
        ((await h.call('GET', '/api/audit-log?action=monitor.import')).json() as unknown[]).length,
        audit.length,
      );
    });

    test('preview: auth, roles and shape', async () => {
      assert.equal((await h.call('POST', '/api/import/monitors/preview', [], 'bad')).statusCode, 401);
      assert.equal((await h.call('POST', '/api/import/monitors/preview', [], h.viewer)).statusCode, 403);
      const shape = await h.call('POST', '/api/import/monitors/preview', { monitors: 'x' });
      assert.equal(shape.statusCode, 422);
      assert.equal(shape.json().code, 'validation_failed');
    });

    test('export → re-import with the default mode (skip_existing) creates nothing', async () => {
      const doc = await exported();
      const before = await monitors();
      for (const query of ['', '?mode=skip_existing']) {
        const res = await h.call('POST', `/api/import/monitors${query}`, doc);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json(), {
          imported: 0,
          ids: [],
          mode: 'skip_existing',
          created: 0,
          updated: 0,
          skipped: 2,
          warnings: [],
        });
      }
      assert.deepEqual(await monitors(), before);
    });

    test('skip_existing still creates the new entries', async () => {
      const res = await h.call('POST', '/api/import/monitors', [
        { name: 'alpha', url: 'http://127.0.0.1:9/other' },
        { name: 'delta', url: 'http://127.0.0.1:9/delta', check_interval_seconds: 300 },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().created, 1);
      assert.equal(res.json().skipped, 1);
      const names = (await monitors()).map((m) => m.name).sort();
      assert.deepEqual(names, ['alpha', 'beta', 'delta']);
      assert.equal((await monitors()).find((m) => m.name === 'alpha')!.url, 'http://127.0.0.1:9/alpha');
    });

    test('update_by_name replaces the configuration of the monitor with that name, keeping its id', async () => {
      const doc = await exported();
      const alphaBefore = (await monitors()).find((m) => m.name === 'alpha')!;
      const entry = doc.monitors.find((m) => m.name === 'alpha')!;
      entry.url = 'http://127.0.0.1:9/alpha-v2';
      entry.check_interval_seconds = 120;
      entry.paused = true;
      const res = await h.call('POST', '/api/import/monitors?mode=update_by_name', {
        version: 1,
        monitors: [entry],
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().updated, 1);
      assert.equal(res.json().created, 0);
      assert.deepEqual(res.json().ids, [alphaBefore.id]);
      const after = (await h.call('GET', `/api/monitors/${alphaBefore.id}`)).json() as MonitorView;
      assert.equal(after.url, 'http://127.0.0.1:9/alpha-v2');
      assert.equal(after.check_interval_seconds, 120);
      assert.equal(after.current_status, 'paused');
      assert.equal((await monitors()).length, 3);
    });

    test('keep_both creates a second monitor beside each existing one', async () => {
      const doc = await exported();
      const res = await h.call('POST', '/api/import/monitors?mode=keep_both', doc);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().created, 3);
      const names = (await monitors()).map((m) => m.name).sort();
      assert.deepEqual(names, ['alpha', 'alpha', 'beta', 'beta', 'delta', 'delta']);
    });

    test('update_by_name refuses an ambiguous name, writing nothing', async () => {
      const before = await monitors();
      const res = await h.call('POST', '/api/import/monitors?mode=update_by_name', [
        { name: 'zeta', url: 'http://127.0.0.1:9/zeta' },
        { name: 'beta', url: 'http://127.0.0.1:9/beta-v3' },
      ]);
      assert.equal(res.statusCode, 422);
      const body = res.json();
      assert.equal(body.code, 'validation_failed');
      assert.deepEqual(
        body.errors.map((e: { path: string }) => e.path),
        ['monitors.1.name'],
      );
      assert.match(body.errors[0].message, /2 monitors here are named "beta"/);
      assert.deepEqual(await monitors(), before);
    });

    test('an invalid entry fails every mode and writes nothing; an unknown mode is a 422', async () => {
      const before = await monitors();
      for (const mode of ['skip_existing', 'update_by_name', 'keep_both']) {
        const res = await h.call('POST', `/api/import/monitors?mode=${mode}`, [
          { name: 'fine', url: 'http://127.0.0.1:9/fine' },
          { name: 'bad', url: 'http://127.0.0.1:9/', timeout_seconds: 0 },
        ]);
        assert.equal(res.statusCode, 422, mode);
      }
      const bad = await h.call('POST', '/api/import/monitors?mode=merge', []);
      assert.equal(bad.statusCode, 422);
      assert.match(String(bad.headers['content-type']), /^application\/problem\+json/);
      assert.deepEqual(await monitors(), before);
    });
    test('update_by_name keeps a masked credential for the same origin and drops it for another', async () => {
      const secrets = async (name: string) => {
        const row = await h.server.ctx.db
          .selectFrom('monitors')
          .selectAll()
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        return openSecrets(h.server.ctx.keys.encryption, row.secrets);
      };
      for (const name of ['vault', 'moved']) {
        const r = await h.call('POST', '/api/monitors', {
          name,
          url: `http://127.0.0.1:9/${name}`,
          check_interval_seconds: 300,
          headers: { 'X-Api-Key': `key-of-${name}` },
          auth: { type: 'basic', username: 'u', password: `pw-of-${name}` },
        });
        assert.equal(r.statusCode, 201, r.body);
      }
      const file = (await exported()).monitors.filter((m) => m.name === 'vault' || m.name === 'moved');
      const edited = file.map(
        (m): Record<string, unknown> =>
          m.name === 'vault'
            ? { ...m, check_interval_seconds: 600 }
            : { ...m, url: 'http://127.0.0.2:9/moved' },
      );
      const res = await h.call('POST', '/api/import/monitors?mode=update_by_name', edited);
      assert.equal(res.statusCode, 200, res.body);
      const warnings = (res.json() as { warnings: string[] }).warnings;
      const index = edited.findIndex((m) => m.name === 'moved');
      assert.deepEqual(warnings.sort(), [
        `monitors.${index}: auth.password was masked in the file; enter it again`,
        `monitors.${index}: headers.X-Api-Key was masked in the file; enter it again`,
      ]);
      assert.deepEqual(await secrets('vault'), {
        headers: { 'X-Api-Key': 'key-of-vault' },
        auth: 'pw-of-vault',
      });
      assert.deepEqual(await secrets('moved'), {});
      const moved = (await monitors()).find((m) => m.name === 'moved');
      assert.equal(moved?.url, 'http://127.0.0.2:9/moved');
    });
  });
}
