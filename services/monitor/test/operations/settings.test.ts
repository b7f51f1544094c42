import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { getSettings } from '../../src/platform/settings/settings-store.js';
import { type OpsServer, roleTokens, startOn, type TestDb } from './ops-server.js';

for (const target of await testDatabases()) {
  describe(`settings on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let admin: string;
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      ({ admin } = await roleTokens(s, root));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    test('defaults, then a partial PUT; the SMTP password is encrypted, masked and kept when the mask comes back', async () => {
      const initial = await s.as(root, { method: 'GET', url: '/api/settings' });
      assert.equal(initial.statusCode, 200);
      assert.deepEqual(initial.json(), {
        data_retention_days: 90,
        app_base_url: null,
        smtp_host: null,
        smtp_port: null,
        smtp_secure: false,
        smtp_username: null,
        smtp_password: null,
        smtp_from: null,
        status_subscriptions_channel_id: null,
        two_factor_required_roles: [],
        sla_target_percent: 99.9,
      });
      const put = await s.as(root, {
        method: 'PUT',
        url: '/api/settings',
        payload: {
          data_retention_days: 30,
          app_base_url: 'https://status.example.test',
          smtp_host: 'mail.example.test',
          smtp_port: 587,
          smtp_password: 'smtp-secret-1',
          smtp_from: 'Monitor <m@example.test>',
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().smtp_password, '********');
      assert.equal(put.json().data_retention_days, 30);
      assert.equal(put.json().smtp_secure, false);

      const row = await s.ctx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'smtp_password')
        .executeTakeFirstOrThrow();
      assert.ok(!row.value.includes('smtp-secret-1'));

      assert.equal((await getSettings(s.ctx)).smtp_password, 'smtp-secret-1');
      const again = await s.as(root, {
        method: 'PUT',
        url: '/api/settings',
        payload: { ...(put.json() as Record<string, unknown>), data_retention_days: 60 },
      });
      assert.equal(again.statusCode, 200, again.body);
      const typed = await getSettings(s.ctx);
      assert.equal(typed.smtp_password, 'smtp-secret-1', 'the mask kept the stored password');
      assert.equal(typed.data_retention_days, 60, 'the cache was invalidated by the PUT');

      const cleared = await s.as(root, {
        method: 'PUT',
        url: '/api/settings',
        payload: { smtp_password: null, app_base_url: null },
      });
      assert.equal(cleared.json().smtp_password, null);
      assert.equal(cleared.json().app_base_url, null);

      const audit = await s.as(root, { method: 'GET', url: '/api/audit-log?action=settings.update' });
      assert.equal(audit.json().length, 3);
      assert.ok(!audit.body.includes('smtp-secret-1'), 'the audit log never holds the password');
    });

    test('validation: bounds, URLs, unknown keys', async () => {
      const bad = async (payload: Record<string, unknown>) => {
        const res = await s.as(root, { method: 'PUT', url: '/api/settings', payload });
        assert.equal(res.statusCode, 422, res.body);
        return res.json().errors.map((e: { path: string }) => e.path);
      };
      assert.deepEqual(await bad({ data_retention_days: 0 }), ['data_retention_days']);
      assert.deepEqual(await bad({ data_retention_days: 3651 }), ['data_retention_days']);
      assert.deepEqual(await bad({ app_base_url: 'not a url' }), ['app_base_url']);
      assert.deepEqual(await bad({ smtp_port: 70000 }), ['smtp_port']);
      assert.deepEqual(await bad({ smtp_from: 'nobody' }), ['smtp_from']);
      assert.deepEqual(await bad({ theme: 'dark' }), ['theme']);
    });

    test('superadmin only', async () => {
      assert.equal((await s.as(admin, { method: 'GET', url: '/api/settings' })).statusCode, 403);
      assert.equal(
        (await s.as(admin, { method: 'PUT', url: '/api/settings', payload: { data_retention_days: 5 } }))
          .statusCode,
        403,
      );
      assert.equal((await s.app.inject({ method: 'GET', url: '/api/settings' })).statusCode, 401);
    });
  });
}
