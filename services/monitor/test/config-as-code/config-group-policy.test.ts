import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness } from '../engine/harness.js';
import { KIND_SECRETS, kindsFile, SECRETS, yamlOf } from './config-files.js';

// The fields of groups and channels that came last to the file: a group's own escalation policy
// (by key), its sort order below zero, and a channel's flood limit. Create, change, remove, a bad
// reference refused at its position changing nothing, and export → apply onto an empty instance.

const env = { ...SECRETS, ...KIND_SECRETS };

/** The kinds file with a second policy, `prod` escalating by `policy` and `hook` limited to `flood`. */
function groupFile(o: { policy?: string | null; sortOrder?: number; flood?: number | null } = {}) {
  const doc = kindsFile();
  const policies = doc.escalation_policies as Record<string, unknown>[];
  policies.push({ key: 'daytime', name: 'Daytime', steps: [{ after_minutes: 60, channels: ['hook'] }] });
  const prod = doc.groups[0] as Record<string, unknown>;
  if (o.policy !== undefined) prod.escalation_policy = o.policy;
  if (o.sortOrder !== undefined) prod.sort_order = o.sortOrder;
  if (o.flood !== undefined) (doc.channels[0] as Record<string, unknown>).flood_limit = o.flood;
  return doc;
}

for (const target of await testDatabases()) {
  describe(`config as code, a group's policy and a channel's flood limit, on ${target.name}`, {
    skip: target.skip,
  }, () => {
    let a: Harness;
    let b: Harness;
    before(async () => {
      [a, b] = await Promise.all([startHarness(target), startHarness(target)]);
    });
    after(async () => {
      await Promise.all([a.stop(), b.stop()]);
    });
    const send = (h: Harness, what: 'plan' | 'apply', doc: unknown, more: Record<string, unknown> = {}) =>
      h.call('POST', `/api/config/${what}`, { document: yamlOf(doc), env, ...more });
    const idOf = async (table: 'monitor_groups' | 'escalation_policies', key: string) =>
      (
        await a.server.ctx.db
          .selectFrom(table)
          .select('id')
          .where('config_key', '=', key)
          .executeTakeFirstOrThrow()
      ).id;
    const prod = async () =>
      (await a.call('GET', `/api/groups/${await idOf('monitor_groups', 'prod')}`)).json();
    const hook = async () => (await a.call('GET', '/api/channels')).json()[0];
    const fieldsOf = (plan: { changes: { kind: string; key: string; fields: unknown[] }[] }) =>
      plan.changes.map((c) => [c.kind, c.key, c.fields]);

    test('created with the group, changed, removed, and applied again as no change', async () => {
      const created = await send(a, 'apply', groupFile({ policy: 'oncall', sortOrder: -5, flood: 30 }));
      assert.equal(created.statusCode, 200, created.body);
      const group = created.json().changes.find((c: { key: string }) => c.key === 'prod');
      assert.deepEqual(group.fields, [
        { field: 'name', after: 'Production' },
        { field: 'sort_order', after: -5 },
        { field: 'escalation_policy', after: 'oncall' },
      ]);
      assert.equal((await prod()).escalation_policy_id, await idOf('escalation_policies', 'oncall'));
      assert.equal((await prod()).sort_order, -5);
      assert.equal((await hook()).flood_limit, 30);
      assert.deepEqual(
        (await send(a, 'plan', groupFile({ policy: 'oncall', sortOrder: -5, flood: 30 }))).json().changes,
        [],
      );

      const changed = await send(a, 'apply', groupFile({ policy: 'daytime', sortOrder: -5, flood: 30 }));
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(fieldsOf(changed.json()), [
        ['group', 'prod', [{ field: 'escalation_policy', before: 'oncall', after: 'daytime' }]],
      ]);
      assert.equal((await prod()).escalation_policy_id, await idOf('escalation_policies', 'daytime'));

      // Left out, the group has none (as an omitted field of a PUT); so has the channel no limit.
      const removed = await send(a, 'apply', groupFile());
      assert.equal(removed.statusCode, 200, removed.body);
      assert.deepEqual(fieldsOf(removed.json()), [
        [
          'group',
          'prod',
          [
            { field: 'sort_order', before: -5, after: 0 },
            { field: 'escalation_policy', before: 'daytime', after: null },
          ],
        ],
        ['channel', 'hook', [{ field: 'flood_limit', before: 30, after: null }]],
      ]);
      assert.equal((await prod()).escalation_policy_id, null);
      assert.equal((await hook()).flood_limit, undefined);
      assert.equal((await send(a, 'apply', groupFile())).json().applied, false);
    });

    test('a policy no policy of the file has the key of is refused at its position; nothing changes', async () => {
      await send(a, 'apply', groupFile({ policy: 'oncall' }));
      const groupsBefore = await a.server.ctx.db
        .selectFrom('monitor_groups')
        .selectAll()
        .orderBy('id')
        .execute();
      // Renames before the bad reference must not land either.
      const doc = groupFile({ policy: 'oncall', flood: 5 });
      (doc.groups[1] as Record<string, unknown>).name = 'Renamed';
      (doc.groups[1] as Record<string, unknown>).escalation_policy = 'nope';
      const r = await send(a, 'apply', doc);
      assert.equal(r.statusCode, 422, r.body);
      assert.deepEqual(r.json().errors, [
        {
          path: 'groups[1].escalation_policy',
          message: 'no escalation policy of this file has the key "nope"',
        },
      ]);
      const bounds = await send(a, 'plan', groupFile({ sortOrder: -2_000_000, flood: 0 }));
      assert.equal(bounds.statusCode, 422, bounds.body);
      assert.deepEqual(
        bounds.json().errors.map((e: { path: string }) => e.path),
        ['groups[0].sort_order', 'channels[0].flood_limit'],
      );
      assert.deepEqual(
        await a.server.ctx.db.selectFrom('monitor_groups').selectAll().orderBy('id').execute(),
        groupsBefore,
      );
      assert.equal((await hook()).flood_limit, undefined);
    });

    test('a monitor whose links, tag values, flags or columns alone differ is planned as an update', async () => {
      // The plan skips monitors a quick test finds unchanged (unchanged-monitors.ts): each kind of
      // difference must still reach the field-by-field comparison.
      assert.equal((await send(a, 'apply', groupFile())).statusCode, 200);
      const doc = groupFile();
      const [api, db] = doc.monitors as Record<string, unknown>[];
      api!.tags = [{ key: 'env', value: 'staging' }, 'core'];
      api!.channels = [];
      api!.depends_on = [];
      db!.paused = false;
      db!.group = 'prod';
      db!.location_ids = ['local'];
      const plan = (await send(a, 'plan', doc)).json();
      assert.deepEqual(
        plan.changes.map((c: { key: string; fields: { field: string }[] }) => [
          c.key,
          c.fields.map((f) => f.field),
        ]),
        [
          ['api', ['channels', 'tags', 'depends_on']],
          ['db', ['paused', 'location_ids', 'group']],
        ],
      );
      await a.server.ctx.db
        .updateTable('monitors')
        .set({ check_interval_seconds: 300 })
        .where('config_key', '=', 'api')
        .execute();
      assert.deepEqual(fieldsOf((await send(a, 'plan', groupFile())).json()), [
        ['monitor', 'api', [{ field: 'check_interval_seconds', before: 300, after: 60 }]],
      ]);
      assert.equal((await send(a, 'apply', groupFile())).statusCode, 200);
    });

    test('export → apply onto an empty instance keeps the policies of groups made in the dashboard', async () => {
      await send(a, 'apply', groupFile({ policy: 'oncall', flood: 12 }));
      const byHand = await a.call('POST', '/api/groups', {
        name: 'By hand',
        sort_order: -3,
        escalation_policy_id: await idOf('escalation_policies', 'daytime'),
      });
      assert.equal(byHand.statusCode, 201, byHand.body);
      const exported = (await a.call('GET', '/api/config/export?format=json')).json();
      const groups = exported.groups as Record<string, unknown>[];
      assert.deepEqual(
        groups.map((g) => [g.key, g.escalation_policy, g.sort_order]),
        [
          ['prod', 'oncall', 0],
          ['backend', null, 0],
          [`group-${byHand.json().id}`, 'daytime', -3],
        ],
      );
      assert.equal(exported.channels[0].flood_limit, 12);
      const applied = await b.call('POST', '/api/config/apply', {
        document: exported,
        env: {
          CHANNEL_HOOK_SECRET: SECRETS.HOOK_SECRET,
          MONITOR_API_HEADER_AUTHORIZATION: `Bearer ${SECRETS.BEARER}`,
          MONITOR_API_PASSWORD: SECRETS.API_PASSWORD,
          LOCATION_EU_TOKEN: KIND_SECRETS.EU_PROBE_TOKEN,
        },
      });
      assert.equal(applied.statusCode, 200, applied.body);
      assert.deepEqual((await b.call('GET', '/api/config/export?format=json')).json(), exported);
    });
  });
}
