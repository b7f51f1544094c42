import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { MonitorStatus } from '../../src/store/schema.js';
import { type Harness, startHarness } from '../engine/harness.js';

// An unreachable loopback target with a long interval: these tests are about the API, not checks.
const quiet = { url: 'http://127.0.0.1:9/', check_interval_seconds: 3600 };

for (const t of await testDatabases()) {
  describe(`groups and tags API (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(t);
    });
    after(async () => {
      await h?.stop();
    });

    /**
     * A monitor whose stored status is `status`: a heartbeat monitor with an hour's interval, which
     * the engine neither checks nor judges during the test, so the status set here stays.
     */
    async function monitorWith(name: string, status: MonitorStatus, group_id: number | null) {
      const m = await h.call('POST', '/api/monitors', {
        name,
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
        group_id,
      });
      assert.equal(m.statusCode, 201, m.body);
      await h.server.ctx.db
        .updateTable('monitors')
        .set({ current_status: status })
        .where('id', '=', m.json().id)
        .execute();
      return m.json().id as number;
    }

    test('tags: create, list with counts, unique names (409), colour and name checked (422), rename, delete', async () => {
      const env = await h.call('POST', '/api/tags', { name: 'env', color: '#22aa44' });
      assert.equal(env.statusCode, 201, env.body);
      assert.deepEqual(
        { ...(env.json() as object), id: 0, created_at: '' },
        { id: 0, name: 'env', color: '#22aa44', monitor_count: 0, config_key: null, created_at: '' },
      );
      const dup = await h.call('POST', '/api/tags', { name: 'env', color: '#000000' });
      assert.equal(dup.statusCode, 409);
      assert.equal(dup.json().code, 'tag_name_taken');
      const badColour = await h.call('POST', '/api/tags', { name: 'team', color: 'red' });
      assert.equal(badColour.statusCode, 422);
      assert.equal(badColour.json().errors[0].path, 'color');
      const colon = await h.call('POST', '/api/tags', { name: 'a:b', color: '#000000' });
      assert.equal(colon.statusCode, 422);
      assert.equal(colon.json().errors[0].path, 'name');
      const viewer = await h.call('POST', '/api/tags', { name: 'team', color: '#000000' }, h.viewer);
      assert.equal(viewer.statusCode, 403);

      const team = (await h.call('POST', '/api/tags', { name: 'team', color: '#123456' })).json();
      const m = await h.call('POST', '/api/monitors', {
        name: 'tagged',
        ...quiet,
        tags: [{ tag_id: env.json().id, value: 'prod' }, { name: 'brand-new' }],
      });
      assert.equal(m.statusCode, 201, m.body);
      assert.deepEqual(m.json().tags, [
        { tag_id: m.json().tags[0].tag_id, name: 'brand-new', color: '#6b7280', value: null },
        { tag_id: env.json().id, name: 'env', color: '#22aa44', value: 'prod' },
      ]);
      const list = (await h.call('GET', '/api/tags', undefined, h.viewer)).json();
      assert.deepEqual(
        list.map((x: { name: string; monitor_count: number }) => [x.name, x.monitor_count]),
        [
          ['brand-new', 1],
          ['env', 1],
          ['team', 0],
        ],
      );

      const renamed = await h.call('PUT', `/api/tags/${team.id}`, { name: 'owner', color: '#654321' });
      assert.equal(renamed.statusCode, 200);
      assert.equal(renamed.json().name, 'owner');
      const clash = await h.call('PUT', `/api/tags/${team.id}`, { name: 'env', color: '#654321' });
      assert.equal(clash.statusCode, 409);
      assert.equal(
        (await h.call('PUT', '/api/tags/999999', { name: 'x', color: '#000000' })).statusCode,
        404,
      );

      assert.equal((await h.call('DELETE', `/api/tags/${env.json().id}`)).statusCode, 204);
      const after = (await h.call('GET', `/api/monitors/${m.json().id}`)).json();
      assert.deepEqual(
        after.tags.map((x: { name: string }) => x.name),
        ['brand-new'],
      );
      assert.equal((await h.call('GET', `/api/tags/${env.json().id}`)).statusCode, 404);
    });

    test('a monitor’s group and tags: 422 naming the field, patch keeps, replace clears', async () => {
      const g = (await h.call('POST', '/api/groups', { name: 'Web' })).json();
      const tag = (await h.call('POST', '/api/tags', { name: 'tier', color: '#aa0000' })).json();
      const badGroup = await h.call('POST', '/api/monitors', { name: 'x', ...quiet, group_id: 999999 });
      assert.equal(badGroup.statusCode, 422);
      assert.deepEqual(badGroup.json().errors, [
        { path: 'group_id', message: 'group 999999 does not exist' },
      ]);
      const badTag = await h.call('POST', '/api/monitors', {
        name: 'x',
        ...quiet,
        tags: [{ tag_id: 999999 }],
      });
      assert.equal(badTag.statusCode, 422);
      assert.deepEqual(badTag.json().errors, [
        { path: 'tags.0.tag_id', message: 'tag 999999 does not exist' },
      ]);
      const twice = await h.call('POST', '/api/monitors', {
        name: 'x',
        ...quiet,
        tags: [{ tag_id: tag.id }, { name: 'tier', value: 'b' }],
      });
      assert.equal(twice.statusCode, 422);
      assert.equal(twice.json().errors[0].path, 'tags.1');
      // Nothing was written by the refused requests.
      assert.equal(
        (await h.call('GET', '/api/monitors')).json().filter((m: { name: string }) => m.name === 'x').length,
        0,
      );

      const m = (
        await h.call('POST', '/api/monitors', {
          name: 'member',
          ...quiet,
          group_id: g.id,
          tags: [{ tag_id: tag.id, value: '1' }],
        })
      ).json();
      assert.equal(m.group_id, g.id);
      const patched = (
        await h.call('PATCH', `/api/monitors/${m.id}`, { check_interval_seconds: 1800 })
      ).json();
      assert.equal(patched.group_id, g.id);
      assert.deepEqual(patched.tags, [{ tag_id: tag.id, name: 'tier', color: '#aa0000', value: '1' }]);
      const listed = (await h.call('GET', '/api/monitors', undefined, h.viewer))
        .json()
        .find((x: { id: number }) => x.id === m.id);
      assert.deepEqual([listed.group_id, listed.tags], [g.id, patched.tags]);
      const replaced = (await h.call('PUT', `/api/monitors/${m.id}`, { name: 'member', ...quiet })).json();
      assert.deepEqual([replaced.group_id, replaced.tags], [null, []]);
    });

    test('groups: nesting, paths, sibling names, cycles refused, rolled-up status, delete moves members up', async () => {
      const prod = await h.call('POST', '/api/groups', { name: 'Prod', sort_order: 1 });
      assert.equal(prod.statusCode, 201, prod.body);
      const eu = (await h.call('POST', '/api/groups', { name: 'EU', parent_id: prod.json().id })).json();
      const db = (await h.call('POST', '/api/groups', { name: 'DB', parent_id: eu.id })).json();
      assert.deepEqual(db.path, ['Prod', 'EU', 'DB']);
      assert.equal(db.status, null);
      assert.equal(
        (await h.call('POST', '/api/groups', { name: 'EU', parent_id: prod.json().id })).statusCode,
        409,
      );
      const unknown = await h.call('POST', '/api/groups', { name: 'Z', parent_id: 999999 });
      assert.equal(unknown.statusCode, 422);
      assert.equal(unknown.json().errors[0].path, 'parent_id');
      const cycle = await h.call('PUT', `/api/groups/${prod.json().id}`, { name: 'Prod', parent_id: db.id });
      assert.equal(cycle.statusCode, 422);
      assert.deepEqual(cycle.json().errors, [
        { path: 'parent_id', message: `group ${db.id} is inside this group` },
      ]);
      const self = await h.call('PUT', `/api/groups/${eu.id}`, { name: 'EU', parent_id: eu.id });
      assert.equal(self.statusCode, 422);
      assert.equal((await h.call('POST', '/api/groups', { name: 'V' }, h.viewer)).statusCode, 403);

      const pid = prod.json().id as number;
      const status = async (id: number) =>
        (await h.call('GET', `/api/groups/${id}`, undefined, h.viewer)).json();
      const a = await monitorWith('a', 'paused', db.id);
      assert.equal((await status(pid)).status, 'paused');
      const b = await monitorWith('b', 'maintenance', db.id);
      assert.equal((await status(pid)).status, 'maintenance');
      await monitorWith('c', 'up', eu.id);
      assert.equal((await status(pid)).status, 'up');
      const d = await monitorWith('d', 'pending', pid);
      assert.equal((await status(pid)).status, 'pending');
      await monitorWith('e', 'degraded', db.id);
      assert.equal((await status(pid)).status, 'degraded');
      assert.equal((await status(eu.id)).status, 'degraded');
      await monitorWith('f', 'down', eu.id);
      const top = await status(pid);
      assert.deepEqual([top.status, top.member_count, top.monitor_count], ['down', 1, 6]);
      assert.deepEqual([(await status(db.id)).status, (await status(db.id)).member_count], ['degraded', 3]);

      // Deleting EU moves its monitors and DB up to Prod.
      assert.equal((await h.call('DELETE', `/api/groups/${eu.id}`)).statusCode, 204);
      const dbAfter = await status(db.id);
      assert.deepEqual([dbAfter.parent_id, dbAfter.path], [pid, ['Prod', 'DB']]);
      const c = (await h.call('GET', '/api/monitors')).json().find((m: { name: string }) => m.name === 'c');
      assert.equal(c.group_id, pid);
      assert.equal((await status(pid)).member_count, 3);
      assert.equal((await h.call('GET', `/api/groups/${eu.id}`)).statusCode, 404);
      for (const id of [a, b, d]) assert.equal((await h.call('GET', `/api/monitors/${id}`)).statusCode, 200);
      const audit = (await h.call('GET', `/api/audit-log?action=group.&resource_id=${eu.id}`)).json();
      assert.deepEqual(
        audit.map((e: { action: string }) => e.action),
        ['group.delete', 'group.create'],
      );
    });
  });
}
