import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { decryptSecret } from '../../src/platform/crypto/secret-box.js';
import { type OpsServer, roleTokens, startOn, type TestDb } from './ops-server.js';

for (const target of await testDatabases()) {
  describe(`notification channels on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let admin: string;
    let viewer: string;
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      ({ admin, viewer } = await roleTokens(s, root));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    test('an admin creates, reads, replaces and deletes a channel; secrets come back masked', async () => {
      const created = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: {
          name: 'ops-hook',
          type: 'webhook',
          config: { url: 'https://hooks.example.test/x', secret: 's3cret-value' },
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const ch = created.json();
      assert.equal(ch.name, 'ops-hook');
      assert.equal(ch.type, 'webhook');
      assert.equal(ch.is_enabled, true);
      assert.deepEqual(ch.config, { url: 'https://hooks.example.test/x', secret: '********' });

      const stored = await s.ctx.db
        .selectFrom('notification_channels')
        .select('config')
        .where('id', '=', ch.id)
        .executeTakeFirstOrThrow();
      assert.ok(!stored.config.includes('s3cret-value'), 'the secret is not stored in clear');
      assert.match(stored.config, /"secret":"enc:v1:/);

      const list = await s.as(viewer, { method: 'GET', url: '/api/channels' });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), [ch]);
      assert.deepEqual((await s.as(viewer, { method: 'GET', url: `/api/channels/${ch.id}` })).json(), ch);

      // Sending the mask back keeps the stored secret when the destination stays (else: test/secrets).
      const put = await s.as(admin, {
        method: 'PUT',
        url: `/api/channels/${ch.id}`,
        payload: {
          name: 'ops-hook-2',
          type: 'webhook',
          config: { url: 'https://hooks.example.test/x', secret: '********' },
          is_enabled: false,
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().name, 'ops-hook-2');
      assert.equal(put.json().is_enabled, false);
      assert.deepEqual(put.json().config, { url: 'https://hooks.example.test/x', secret: '********' });
      const after = await s.ctx.db
        .selectFrom('notification_channels')
        .select('config')
        .where('id', '=', ch.id)
        .executeTakeFirstOrThrow();
      assert.equal(decryptSecret(s.ctx.keys.encryption, JSON.parse(after.config).secret), 's3cret-value');

      const audit = await s.as(root, {
        method: 'GET',
        url: `/api/audit-log?resource_type=channel&resource_id=${ch.id}`,
      });
      const actions = audit.json().map((e: { action: string }) => e.action);
      assert.deepEqual(actions, ['channel.update', 'channel.create']);
      assert.ok(!audit.body.includes('s3cret-value'), 'the audit log never holds the secret');

      assert.equal((await s.as(admin, { method: 'DELETE', url: `/api/channels/${ch.id}` })).statusCode, 204);
      assert.equal((await s.as(viewer, { method: 'GET', url: `/api/channels/${ch.id}` })).statusCode, 404);
    });

    test('config is validated per type with field paths', async () => {
      const res = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'bad', type: 'webhook', config: { url: 'ftp://x.test/a', extra: 1 } },
      });
      assert.equal(res.statusCode, 422);
      const paths = res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort();
      assert.deepEqual(paths, ['config.extra', 'config.url']);

      const missing = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'tg', type: 'telegram', config: { chat_id: '1' } },
      });
      assert.equal(missing.statusCode, 422);
      assert.deepEqual(missing.json().errors, [{ path: 'config.bot_token', message: 'is required' }]);

      const email = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'm', type: 'email', config: { to: 'ops@example.test, nobody' } },
      });
      assert.equal(email.statusCode, 422);
      assert.equal(email.json().errors[0].path, 'config.to');

      const pd = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'pd', type: 'pagerduty', config: { routing_key: 'k', severity: 'huge' } },
      });
      assert.equal(pd.statusCode, 422);
      assert.equal(pd.json().errors[0].path, 'config.severity');

      const type = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'x', type: 'carrier-pigeon', config: {} },
      });
      assert.equal(type.statusCode, 422);
      assert.equal(type.json().errors[0].path, 'type');

      const unknown = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'x', type: 'slack', config: { webhook_url: 'https://h.test/a' }, colour: 'red' },
      });
      assert.equal(unknown.statusCode, 422);

      // A mask with nothing stored behind it cannot be kept.
      const mask = await s.as(admin, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'x', type: 'slack', config: { webhook_url: '********' } },
      });
      assert.equal(mask.statusCode, 422);
      assert.equal(mask.json().errors[0].path, 'config.webhook_url');
    });

    test('names are unique', async () => {
      const body = {
        name: 'dup',
        type: 'discord',
        config: { webhook_url: 'https://discord.test/api/webhooks/1/abc' },
      };
      assert.equal(
        (await s.as(admin, { method: 'POST', url: '/api/channels', payload: body })).statusCode,
        201,
      );
      const again = await s.as(admin, { method: 'POST', url: '/api/channels', payload: body });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'channel_name_taken');
    });

    test('viewers read but cannot write; anonymous callers get 401', async () => {
      const body = { name: 'v', type: 'ntfy', config: { topic: 'alerts' } };
      const denied = await s.as(viewer, { method: 'POST', url: '/api/channels', payload: body });
      assert.equal(denied.statusCode, 403);
      assert.equal((await s.app.inject({ method: 'GET', url: '/api/channels' })).statusCode, 401);
      const made = await s.as(admin, { method: 'POST', url: '/api/channels', payload: body });
      const id = made.json().id;
      assert.equal(
        (await s.as(viewer, { method: 'PUT', url: `/api/channels/${id}`, payload: body })).statusCode,
        403,
      );
      assert.equal((await s.as(viewer, { method: 'DELETE', url: `/api/channels/${id}` })).statusCode, 403);
      assert.equal((await s.as(viewer, { method: 'POST', url: `/api/channels/${id}/test` })).statusCode, 403);
      assert.equal(
        (await s.as(viewer, { method: 'GET', url: `/api/channels/${id}/deliveries` })).statusCode,
        200,
      );
      assert.equal(
        (await s.app.inject({ method: 'GET', url: `/api/channels/${id}/deliveries` })).statusCode,
        401,
      );
      assert.equal(
        (await s.as(viewer, { method: 'GET', url: '/api/channels/99999/deliveries' })).statusCode,
        404,
      );
    });

    test('the OpenAPI document describes the channel, maintenance and settings routes', async () => {
      const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const path of [
        '/api/channels',
        '/api/channels/{id}',
        '/api/channels/{id}/test',
        '/api/channels/{id}/deliveries',
        '/api/maintenance',
        '/api/maintenance/{id}',
        '/api/settings',
      ]) {
        assert.ok(doc.paths[path], `${path} is documented`);
      }
    });
  });
}
