import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness } from '../engine/harness.js';
import { KIND_SECRETS, kindsFile, ref, SECRETS, yamlOf } from './config-files.js';
import { idByConfigKey, type KeyedTable, kindRowCounts } from './kind-rows.js';

// The newer kinds of a config file through the API on each database: message templates,
// escalation policies, maintenance windows, status pages and locations, each referring to others by
// key; create, rename by key, left alone or pruned, positioned errors, all or nothing.

const env = { ...SECRETS, ...KIND_SECRETS };
const line = (c: { action: string; kind: string; key: string }) => `${c.action} ${c.kind} ${c.key}`;

for (const target of await testDatabases()) {
  describe(`config as code, the newer kinds, on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.stop();
    });
    const send = (what: 'plan' | 'apply', doc: unknown, more: Record<string, unknown> = {}) =>
      h.call('POST', `/api/config/${what}`, { document: yamlOf(doc), env, ...more });
    const counts = () => kindRowCounts(h.server.ctx.db);
    const idOf = (table: KeyedTable, key: string) => idByConfigKey(h.server.ctx.db, table, key);

    test('each kind is planned, applied with its references by key, and applied again as no change', async () => {
      const p = await send('plan', kindsFile());
      assert.equal(p.statusCode, 200, p.body);
      for (const s of Object.values(env)) assert.ok(!p.body.includes(s), 'a secret in the plan');
      const plan = p.json();
      assert.deepEqual(plan.summary, { create: 12, update: 0, delete: 0, unchanged: 0, left_alone: 0 });
      assert.deepEqual(plan.changes.map(line), [
        'create location eu',
        'create group prod',
        'create group backend',
        'create tag env',
        'create tag core',
        'create channel hook',
        'create template hook-down',
        'create escalation_policy oncall',
        'create monitor api',
        'create monitor db',
        'create maintenance nightly',
        'create status_page public',
      ]);
      const eu = plan.changes[0];
      assert.deepEqual(eu.fields, [
        { field: 'name', after: 'Europe' },
        { field: 'region', after: 'eu-west' },
        { field: 'heartbeat_seconds', after: 15 },
        { field: 'token', secret: true },
      ]);
      const a = await send('apply', kindsFile(), { fingerprint: plan.fingerprint });
      assert.equal(a.statusCode, 200, a.body);

      const [api, db, hook] = [
        await idOf('monitors', 'api'),
        await idOf('monitors', 'db'),
        await idOf('notification_channels', 'hook'),
      ];
      const location = (await h.call('GET', '/api/locations/eu')).json();
      assert.deepEqual(
        { name: location.name, region: location.region, heartbeat_seconds: location.heartbeat_seconds },
        { name: 'Europe', region: 'eu-west', heartbeat_seconds: 15 },
      );
      const row = await h.server.ctx.db
        .selectFrom('locations')
        .selectAll()
        .where('id', '=', 'eu')
        .executeTakeFirstOrThrow();
      assert.equal(row.token_hash, createHash('sha256').update(KIND_SECRETS.EU_PROBE_TOKEN).digest('hex'));
      assert.equal(row.managed, 1);
      const down = (await h.call('GET', `/api/channels/${hook}/templates/down`)).json();
      assert.deepEqual(
        { title: down.title, body: down.body, custom: down.custom },
        { title: '{{monitor.name}} is down', body: 'Down{{#reason}}: {{reason}}{{/reason}}', custom: true },
      );
      const policy = (
        await h.call('GET', `/api/escalation-policies/${await idOf('escalation_policies', 'oncall')}`)
      ).json();
      assert.deepEqual(
        {
          name: policy.name,
          steps: policy.steps,
          repeat: policy.repeat,
          monitor_count: policy.monitor_count,
        },
        {
          name: 'On call',
          steps: [
            { after_minutes: 5, channel_ids: [hook] },
            { after_minutes: 15, channel_ids: [hook] },
          ],
          repeat: 2,
          monitor_count: 1,
        },
      );
      const window = (
        await h.call('GET', `/api/maintenance/${await idOf('maintenance_windows', 'nightly')}`)
      ).json();
      assert.deepEqual(
        {
          name: window.name,
          starts_at: window.starts_at,
          ends_at: window.ends_at,
          monitor_ids: window.monitor_ids,
          recurrence: window.recurrence,
          timezone: window.timezone,
          is_active: window.is_active,
        },
        {
          name: 'Nightly backup',
          starts_at: '2030-01-01T02:00:00.000Z',
          ends_at: null,
          monitor_ids: [db],
          recurrence: { cron: '0 2 * * *', duration_minutes: 30 },
          timezone: 'Europe/Berlin',
          is_active: true,
        },
      );
      const page = (await h.call('GET', `/api/status-pages/${await idOf('status_pages', 'public')}`)).json();
      assert.deepEqual(
        {
          slug: page.slug,
          title: page.title,
          description: page.description,
          footer: page.footer,
          sections: page.sections,
          uptime_days: page.uptime_days,
          is_public: page.is_public,
        },
        {
          slug: 'status',
          title: 'Service status',
          description: 'All our services',
          footer: null,
          sections: [
            { name: 'Core', monitor_ids: [api, db] },
            { name: 'Data', monitor_ids: [db] },
          ],
          uptime_days: 30,
          is_public: true,
        },
      );
      assert.deepEqual((await h.call('GET', `/api/monitors/${db}`)).json().location_ids, ['local', 'eu']);
      assert.equal((await h.call('GET', `/api/monitors/${api}`)).json().escalation_policy_id, policy.id);

      const again = (await send('plan', kindsFile())).json();
      assert.deepEqual(again.changes, []);
      assert.deepEqual(again.summary, { create: 0, update: 0, delete: 0, unchanged: 12, left_alone: 0 });
      assert.equal((await send('apply', kindsFile())).json().applied, false);
      const audit = await h.server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'config.apply')
        .execute();
      assert.equal(audit.length, 2, 'one entry per apply');
      for (const v of Object.values(env))
        assert.ok(!JSON.stringify(audit).includes(v), 'a secret in the audit log');
      assert.equal(JSON.parse(audit[0]!.detail!).counts.create.status_page, 1);
    });

    test('an edit of a window, a page or a policy since the plan makes the plan stale', async () => {
      const p = (await send('plan', kindsFile({ policyName: 'Later' }))).json();
      const window = await idOf('maintenance_windows', 'nightly');
      const edit = await h.call('PUT', `/api/maintenance/${window}`, {
        name: 'Edited by hand',
        starts_at: '2030-01-01T02:00:00.000Z',
        recurrence: { cron: '0 2 * * *', duration_minutes: 30 },
        timezone: 'Europe/Berlin',
      });
      assert.equal(edit.statusCode, 200, edit.body);
      const stale = await send('apply', kindsFile({ policyName: 'Later' }), { fingerprint: p.fingerprint });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.equal(
        (
          await h.call('GET', `/api/escalation-policies/${await idOf('escalation_policies', 'oncall')}`)
        ).json().name,
        'On call',
      );
      // The next plan puts the window back as the file says (and the dashboard edit loses its monitors).
      const fresh = (await send('plan', kindsFile())).json();
      assert.deepEqual(
        fresh.changes.map((c: { key: string; fields: { field: string }[] }) => [
          c.key,
          c.fields.map((f) => f.field),
        ]),
        [['nightly', ['name', 'monitors']]],
      );
      assert.equal((await send('apply', kindsFile(), { fingerprint: fresh.fingerprint })).statusCode, 200);
    });

    test('a rename by key updates each object in place, field by field', async () => {
      const ids = {
        policy: await idOf('escalation_policies', 'oncall'),
        window: await idOf('maintenance_windows', 'nightly'),
        page: await idOf('status_pages', 'public'),
      };
      const renamed = kindsFile({
        locationName: 'Europe West',
        policyName: 'Primary on call',
        pageTitle: 'Status',
        pageSlug: 'health',
        windowName: 'Nightly',
        templateTitle: 'DOWN {{monitor.name}}',
      });
      const p = (await send('plan', renamed)).json();
      assert.deepEqual(
        p.changes.map((c: { key: string; kind: string; fields: unknown[] }) => [c.kind, c.key, c.fields]),
        [
          ['location', 'eu', [{ field: 'name', before: 'Europe', after: 'Europe West' }]],
          [
            'template',
            'hook-down',
            [{ field: 'title', before: '{{monitor.name}} is down', after: 'DOWN {{monitor.name}}' }],
          ],
          ['escalation_policy', 'oncall', [{ field: 'name', before: 'On call', after: 'Primary on call' }]],
          ['maintenance', 'nightly', [{ field: 'name', before: 'Nightly backup', after: 'Nightly' }]],
          [
            'status_page',
            'public',
            [
              { field: 'title', before: 'Service status', after: 'Status' },
              { field: 'slug', before: 'status', after: 'health' },
            ],
          ],
        ],
      );
      assert.equal((await send('apply', renamed, { fingerprint: p.fingerprint })).statusCode, 200);
      assert.equal(await idOf('escalation_policies', 'oncall'), ids.policy);
      assert.equal(await idOf('maintenance_windows', 'nightly'), ids.window);
      assert.equal(await idOf('status_pages', 'public'), ids.page);
      assert.equal((await h.call('GET', `/api/status-pages/${ids.page}`)).json().slug, 'health');
      assert.equal((await h.call('GET', '/api/locations/eu')).json().name, 'Europe West');
      assert.deepEqual((await send('plan', renamed)).json().changes, []);
      assert.equal((await send('apply', kindsFile())).statusCode, 200);
    });

    test('left out of the file: kept without prune, deleted with it; what no file made is never pruned', async () => {
      const hand = await h.call('POST', '/api/maintenance', {
        name: 'by hand',
        starts_at: '2031-01-01T00:00:00Z',
        ends_at: '2031-01-01T01:00:00Z',
      });
      assert.equal(hand.statusCode, 201, hand.body);
      const without = kindsFile({ withoutKinds: true });
      const p = (await send('plan', without)).json();
      assert.deepEqual(p.changes.map(line), ['update monitor api', 'update monitor db']);
      assert.equal(p.summary.left_alone, 6, 'five of the file and one by hand');
      const before = await counts();
      assert.equal((await send('apply', without)).statusCode, 200);
      const kept = await counts();
      assert.deepEqual({ ...kept, audit_log: 0 }, { ...before, audit_log: 0 });

      const pruned = (await send('plan', without, { prune: true })).json();
      assert.deepEqual(pruned.changes.map(line), [
        'delete location eu',
        'delete template hook-down',
        'delete escalation_policy oncall',
        'delete maintenance nightly',
        'delete status_page public',
      ]);
      assert.equal(pruned.summary.left_alone, 1);
      const a = await send('apply', without, { prune: true, fingerprint: pruned.fingerprint });
      assert.equal(a.statusCode, 200, a.body);
      const after = await counts();
      assert.deepEqual(
        [
          after.locations,
          after.message_templates,
          after.escalation_policies,
          after.maintenance_windows,
          after.status_pages,
        ],
        [1, 0, 0, 1, 0],
        'the built-in local location and the window made by hand are left',
      );
      assert.equal((await h.call('GET', `/api/maintenance/${hand.json().id}`)).statusCode, 200);
      await h.call('DELETE', `/api/maintenance/${hand.json().id}`);
      assert.equal((await send('apply', kindsFile())).statusCode, 200);
      assert.deepEqual((await send('plan', kindsFile())).json().changes, []);
    });

    test('an invalid object is named by its position, and a bad reference in the last object changes nothing', async () => {
      const before = await counts();
      const errorsOf = async (doc: unknown, more: Record<string, unknown> = {}) => {
        const r = await send('apply', doc, more);
        assert.equal(r.statusCode, 422, r.body);
        return r.json().errors;
      };
      assert.deepEqual(
        await errorsOf(
          kindsFile({
            extraWindows: [
              { key: 'bad', name: 'bad', starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' },
            ],
          }),
        ),
        [{ path: 'maintenance[1].ends_at', message: 'must be after starts_at' }],
      );
      assert.deepEqual(
        await errorsOf(
          kindsFile({
            extraPages: [
              {
                key: 'twice',
                slug: 'twice',
                title: 'T',
                sections: [{ name: 'S', monitors: ['api', 'api'] }],
              },
            ],
          }),
        ),
        [{ path: 'status_pages[1].sections[0].monitors[1]', message: 'repeats monitor api in this section' }],
      );
      const nobody = kindsFile();
      (nobody.escalation_policies as { steps: Record<string, unknown>[] }[])[0]!.steps[1] = {
        after_minutes: 15,
        user_ids: [999],
      };
      assert.deepEqual(await errorsOf(nobody), [
        { path: 'escalation_policies[0].steps[1].user_ids[0]', message: 'user 999 does not exist' },
      ]);
      const literal = kindsFile();
      (literal.locations as Record<string, unknown>[])[0]!.token = KIND_SECRETS.EU_PROBE_TOKEN;
      const lit = await send('apply', literal);
      assert.equal(lit.json().errors[0].path, 'locations[0].token');
      assert.ok(!lit.body.includes(KIND_SECRETS.EU_PROBE_TOKEN));
      assert.deepEqual(await errorsOf(kindsFile(), { env: SECRETS }), [
        { path: 'locations[0].token', message: `refers to ${ref('EU_PROBE_TOKEN')}, which is not set` },
      ]);
      // New objects of every kind and a rename before it: none of it may land.
      const bad = kindsFile({
        locationName: 'Changed',
        policyName: 'Changed',
        extraWindows: [
          {
            key: 'new-window',
            name: 'new',
            starts_at: '2031-01-01T00:00:00Z',
            ends_at: '2031-01-02T00:00:00Z',
          },
        ],
        extraPages: [
          {
            key: 'new-page',
            slug: 'new',
            title: 'New',
            sections: [{ name: 'S', monitors: ['api', 'nope'] }],
          },
        ],
      });
      assert.deepEqual(await errorsOf(bad), [
        {
          path: 'status_pages[1].sections[0].monitors[1]',
          message: 'no monitor of this file has the key "nope"',
        },
      ]);
      assert.deepEqual(await counts(), before);
      assert.equal((await h.call('GET', '/api/locations/eu')).json().name, 'Europe');
      assert.deepEqual((await send('plan', kindsFile())).json().changes, []);
    });
  });
}
