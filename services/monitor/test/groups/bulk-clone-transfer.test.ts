import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, startHarness } from '../engine/harness.js';

const quiet = { url: 'http://127.0.0.1:9/', check_interval_seconds: 3600 };
const hook = (name: string) => ({ name, type: 'webhook', config: { url: 'http://127.0.0.1:9/hook' } });

interface AuditRow {
  action: string;
  resource_id: string | null;
  detail: Record<string, unknown> | null;
}

for (const t of await testDatabases()) {
  describe(`bulk actions, clone, import/export of groups and tags (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    let other: Harness;
    before(async () => {
      [h, other] = await Promise.all([startHarness(t), startHarness(t)]);
    });
    after(async () => {
      await Promise.all([h?.stop(), other?.stop()]);
    });

    const create = async (name: string, extra: object = {}) => {
      const r = await h.call('POST', '/api/monitors', { name, ...quiet, ...extra });
      assert.equal(r.statusCode, 201, r.body);
      return r.json().id as number;
    };
    const get = async (id: number) => (await h.call('GET', `/api/monitors/${id}`)).json();
    const audit = async (action: string, since: number): Promise<AuditRow[]> =>
      (await h.call('GET', `/api/audit-log?action=${action}&limit=1000`))
        .json()
        .filter((e: AuditRow & { id: number }) => e.id > since);
    const lastAuditId = async () => (await h.call('GET', '/api/audit-log?limit=1')).json()[0].id as number;

    test('bulk: every action changes every monitor, one audit entry each; missing ids 404 and change nothing', async () => {
      const ids = [await create('b1'), await create('b2'), await create('b3')];
      const tag = (await h.call('POST', '/api/tags', { name: 'bulk', color: '#0000ff' })).json();
      const group = (await h.call('POST', '/api/groups', { name: 'Bulk' })).json();
      const ch = (await h.call('POST', '/api/channels', hook('bulk-hook'))).json();
      const bulk = (body: object, token?: string) =>
        h.call('POST', '/api/monitors/bulk', { ids, ...body }, token);

      const missing = await h.call('POST', '/api/monitors/bulk', {
        ids: [ids[0], 999998, 999999],
        action: 'pause',
      });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json().missing, [999998, 999999]);
      assert.match(missing.json().detail, /Monitors 999998, 999999 do not exist/);
      assert.equal((await get(ids[0]!)).current_status, 'pending');
      assert.equal((await bulk({ action: 'pause' }, h.viewer)).statusCode, 403);
      const noTag = await bulk({ action: 'add_tag' });
      assert.equal(noTag.statusCode, 422);
      assert.equal(noTag.json().errors[0].path, 'tag');
      const badGroup = await bulk({ action: 'move_to_group', group_id: 999999 });
      assert.equal(badGroup.statusCode, 422);
      assert.equal(badGroup.json().errors[0].path, 'group_id');
      const badChannel = await bulk({ action: 'set_channels', channel_ids: [999999] });
      assert.equal(badChannel.statusCode, 422);
      assert.equal(badChannel.json().errors[0].path, 'channel_ids.0');

      let since = await lastAuditId();
      const paused = await bulk({ action: 'pause' });
      assert.equal(paused.statusCode, 200, paused.body);
      assert.deepEqual(paused.json(), { updated: ids });
      for (const id of ids) assert.equal((await get(id)).current_status, 'paused');
      const pauses = await audit('monitor.pause', since);
      assert.deepEqual(pauses.map((e) => Number(e.resource_id)).sort(), [...ids].sort());

      since = await lastAuditId();
      assert.equal((await bulk({ action: 'resume' })).statusCode, 200);
      // Resumed: pending until checked (a quick first check may already have judged it).
      for (const id of ids) assert.notEqual((await get(id)).current_status, 'paused');
      assert.equal((await audit('monitor.resume', since)).length, 3);

      since = await lastAuditId();
      assert.equal(
        (await bulk({ action: 'add_tag', tag: { tag_id: tag.id, value: 'yes' } })).statusCode,
        200,
      );
      assert.equal((await bulk({ action: 'move_to_group', group_id: group.id })).statusCode, 200);
      assert.equal((await bulk({ action: 'set_channels', channel_ids: [ch.id] })).statusCode, 200);
      for (const id of ids) {
        const m = await get(id);
        assert.deepEqual(m.tags, [{ tag_id: tag.id, name: 'bulk', color: '#0000ff', value: 'yes' }]);
        assert.equal(m.group_id, group.id);
        assert.deepEqual(m.channel_ids, [ch.id]);
      }
      const updates = await audit('monitor.update', since);
      assert.equal(updates.length, 9);
      assert.ok(updates.every((e) => e.detail?.bulk === true));
      assert.equal((await h.call('GET', `/api/groups/${group.id}`)).json().member_count, 3);

      assert.equal((await bulk({ action: 'remove_tag', tag: { tag_id: tag.id } })).statusCode, 200);
      assert.equal((await bulk({ action: 'move_to_group', group_id: null })).statusCode, 200);
      assert.deepEqual([(await get(ids[1]!)).tags, (await get(ids[1]!)).group_id], [[], null]);

      since = await lastAuditId();
      assert.equal((await bulk({ action: 'delete' })).statusCode, 200);
      for (const id of ids) assert.equal((await h.call('GET', `/api/monitors/${id}`)).statusCode, 404);
      const deletes = await audit('monitor.delete', since);
      assert.deepEqual(deletes.map((e) => e.detail?.name).sort(), ['b1', 'b2', 'b3']);
    });

    test('clone: "<name> (copy)" with the same configuration, credentials, channels, tags, group and state; a new heartbeat token', async () => {
      const ch = (await h.call('POST', '/api/channels', hook('clone-hook'))).json();
      const group = (await h.call('POST', '/api/groups', { name: 'Clones' })).json();
      const web = await create('web', {
        auth: { type: 'basic', username: 'u', password: 's3cret' },
        channel_ids: [ch.id],
        group_id: group.id,
        tags: [{ name: 'clone-tag', value: 'v' }],
      });
      const copy = await h.call('POST', `/api/monitors/${web}/clone`);
      assert.equal(copy.statusCode, 201, copy.body);
      const c = copy.json();
      const o = await get(web);
      assert.notEqual(c.id, web);
      assert.equal(c.name, 'web (copy)');
      for (const k of ['url', 'auth', 'check_interval_seconds', 'channel_ids', 'group_id', 'tags']) {
        assert.deepEqual(c[k], o[k], k);
      }
      assert.equal(c.current_status, 'pending');
      const rows = await h.server.ctx.db
        .selectFrom('monitors')
        .select(['id', 'secrets'])
        .where('id', 'in', [web, c.id])
        .execute();
      const secrets = rows.map((r) => openSecrets(h.server.ctx.keys.encryption, r.secrets));
      assert.deepEqual(secrets[0], secrets[1]);
      assert.equal(JSON.stringify(secrets[0]).includes('s3cret'), true);

      const hb = await create('cron', { monitor_type: 'heartbeat', url: null });
      await h.call('POST', `/api/monitors/${hb}/pause`);
      const hbCopy = (await h.call('POST', `/api/monitors/${hb}/clone`)).json();
      assert.equal(hbCopy.current_status, 'paused');
      assert.match(hbCopy.heartbeat_token, /\S{16,}/);
      assert.notEqual(hbCopy.heartbeat_token, (await get(hb)).heartbeat_token);
      assert.equal((await h.call('POST', '/api/monitors/999999/clone')).statusCode, 404);
      assert.equal((await h.call('POST', `/api/monitors/${web}/clone`, undefined, h.viewer)).statusCode, 403);
      const entry = (
        await h.call('GET', `/api/audit-log?action=monitor.create&resource_id=${c.id}`)
      ).json()[0];
      assert.equal(entry.detail.cloned_from, web);
    });

    test('export carries group paths and tags; import recreates them; a bad group or tag is a 422 naming it', async () => {
      const top = (await h.call('POST', '/api/groups', { name: 'Exported' })).json();
      const sub = (await h.call('POST', '/api/groups', { name: 'Inner', parent_id: top.id })).json();
      await create('exp-1', { group_id: sub.id, tags: [{ name: 'exp', value: 'prod' }] });
      await h.call(
        'PUT',
        `/api/tags/${(await h.call('GET', '/api/tags')).json().find((x: { name: string }) => x.name === 'exp').id}`,
        {
          name: 'exp',
          color: '#abcdef',
        },
      );
      const doc = (await h.call('GET', '/api/export/monitors')).json();
      const entry = doc.monitors.find((m: { name: string }) => m.name === 'exp-1');
      assert.deepEqual(entry.group, ['Exported', 'Inner']);
      assert.deepEqual(entry.tags, [{ name: 'exp', color: '#abcdef', value: 'prod' }]);
      assert.equal(entry.group_id, undefined);

      // The other instance already has the top group and a tag "exp" of its own colour.
      const existing = (await other.call('POST', '/api/groups', { name: 'Exported' })).json();
      await other.call('POST', '/api/tags', { name: 'exp', color: '#111111' });
      const bad = await other.call('POST', '/api/import/monitors', {
        monitors: [
          { ...entry, group: 'Exported/Inner' },
          { ...entry, name: 'two', tags: [{ name: 'x', color: 'blue' }] },
        ],
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(
        bad.json().errors.map((e: { path: string }) => e.path),
        ['monitors.0.group', 'monitors.1.tags.0.color'],
      );
      const res = await other.call('POST', '/api/import/monitors', {
        monitors: [entry, { ...entry, name: 'loose', group: null, tags: [] }],
      });
      assert.equal(res.statusCode, 200, res.body);
      const [imported, loose] = await Promise.all(
        res.json().ids.map(async (id: number) => (await other.call('GET', `/api/monitors/${id}`)).json()),
      );
      const groups = (await other.call('GET', '/api/groups')).json();
      const inner = groups.find((g: { name: string }) => g.name === 'Inner');
      assert.deepEqual([inner.parent_id, inner.path], [existing.id, ['Exported', 'Inner']]);
      assert.equal(groups.length, 2);
      assert.equal(imported.group_id, inner.id);
      assert.deepEqual(
        imported.tags.map((x: { name: string; color: string; value: string }) => [x.name, x.color, x.value]),
        [['exp', '#111111', 'prod']],
      );
      assert.deepEqual([loose.group_id, loose.tags], [null, []]);

      // Update by name without the keys (an older file) leaves group and tags as they are.
      const { group: _g, tags: _t, ...old } = entry;
      const upd = await other.call('POST', '/api/import/monitors?mode=update_by_name', { monitors: [old] });
      assert.equal(upd.statusCode, 200, upd.body);
      const still = (await other.call('GET', `/api/monitors/${imported.id}`)).json();
      assert.deepEqual([still.group_id, still.tags.length], [inner.id, 1]);
    });
  });
}
