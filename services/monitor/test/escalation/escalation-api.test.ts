import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { sendDueEscalations } from '../../src/alerting/escalation/escalation-tick.js';
import { type EscalationServer, startEscalationServer } from './escalation-server.js';

for (const target of await testDatabases()) {
  describe(`escalation policies, notes, templates and default channels on ${target.name}`, {
    skip: target.skip,
  }, () => {
    let s: EscalationServer;
    let hook: number;
    let mail: number;
    before(async () => {
      // No engine: these tests drive the API and the escalation tick directly.
      s = await startEscalationServer(target, { engine: false });
      hook = (
        await s.call('POST', '/api/channels', {
          name: 'hook',
          type: 'webhook',
          config: { url: 'http://127.0.0.1:9/x' },
        })
      ).json().id;
      mail = (
        await s.call('POST', '/api/channels', {
          name: 'mail',
          type: 'email',
          config: { to: 'ops@example.com' },
        })
      ).json().id;
    });
    after(() => s.stop());

    const audit = async (action: string) =>
      (
        (await s.call('GET', `/api/audit-log?action=${action}&limit=1000`)).json() as Array<{
          action: string;
          resource_id: string;
          detail: Record<string, unknown> | null;
        }>
      ).filter((e) => e.action === action);
    const monitor = async (body: Record<string, unknown> = {}) => {
      const r = await s.call('POST', '/api/monitors', { name: 'm', url: 'http://127.0.0.1:9/', ...body });
      assert.equal(r.statusCode, 201, r.body);
      return r.json() as { id: number; channel_ids: number[]; escalation_policy_id: number | null };
    };

    test('policies: create, read, replace, list with usage, delete detaching monitors', async () => {
      const body = {
        name: 'Ops on call',
        steps: [
          { after_minutes: 5, channel_ids: [hook] },
          { after_minutes: 15.5, channel_ids: [hook, mail] },
        ],
        repeat: 2,
      };
      const created = await s.call('POST', '/api/escalation-policies', body);
      assert.equal(created.statusCode, 201, created.body);
      const p = created.json();
      assert.deepEqual(
        { name: p.name, steps: p.steps, repeat: p.repeat, monitor_count: p.monitor_count },
        { name: 'Ops on call', steps: body.steps, repeat: 2, monitor_count: 0 },
      );
      const m = await monitor({ escalation_policy_id: p.id });
      assert.equal(m.escalation_policy_id, p.id);
      const got = (await s.call('GET', `/api/escalation-policies/${p.id}`, undefined, s.viewer)).json();
      assert.equal(got.monitor_count, 1);
      const put = await s.call('PUT', `/api/escalation-policies/${p.id}`, { ...body, repeat: true });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().repeat, true);
      const noRepeat = await s.call('PUT', `/api/escalation-policies/${p.id}`, {
        name: 'Ops on call',
        steps: body.steps,
      });
      assert.equal(noRepeat.json().repeat, false);
      const list = (await s.call('GET', '/api/escalation-policies', undefined, s.viewer)).json();
      assert.deepEqual(
        list.map((x: { name: string }) => x.name),
        ['Ops on call'],
      );
      assert.equal((await s.call('POST', '/api/escalation-policies', body)).statusCode, 409);
      assert.equal((await s.call('DELETE', `/api/escalation-policies/${p.id}`)).statusCode, 204);
      assert.equal((await s.call('GET', `/api/monitors/${m.id}`)).json().escalation_policy_id, null);
      assert.equal((await s.call('GET', `/api/escalation-policies/${p.id}`)).statusCode, 404);
      const [del] = await audit('escalation_policy.delete');
      assert.deepEqual(del!.detail, { name: 'Ops on call', detached_monitors: 1, detached_groups: 0 });
      assert.equal((await audit('escalation_policy.create')).length, 1);
      assert.equal((await audit('escalation_policy.update')).length, 2);
    });

    test('policies: bad input is a 422 naming the field and writes nothing; viewers cannot write', async () => {
      const bad = async (body: unknown, path: string) => {
        const r = await s.call('POST', '/api/escalation-policies', body);
        assert.equal(r.statusCode, 422, r.body);
        assert.ok(
          r.json().errors.some((e: { path: string }) => e.path === path),
          `${path} in ${r.body}`,
        );
      };
      await bad(
        {
          name: 'x',
          steps: [
            { after_minutes: 10, channel_ids: [hook] },
            { after_minutes: 10, channel_ids: [hook] },
          ],
        },
        'steps.1.after_minutes',
      );
      await bad(
        { name: 'x', steps: [{ after_minutes: 0, channel_ids: [hook] }], repeat: true },
        'steps.0.after_minutes',
      );
      await bad(
        { name: 'x', steps: [{ after_minutes: 1, channel_ids: [hook, 999] }] },
        'steps.0.channel_ids.1',
      );
      const empty = await s.call('POST', '/api/escalation-policies', { name: 'x', steps: [] });
      assert.equal(empty.statusCode, 422);
      const viewer = await s.call(
        'POST',
        '/api/escalation-policies',
        { name: 'v', steps: [{ after_minutes: 1, channel_ids: [hook] }] },
        s.viewer,
      );
      assert.equal(viewer.statusCode, 403);
      assert.deepEqual((await s.call('GET', '/api/escalation-policies')).json(), []);
      const unknown = await s.call('POST', '/api/monitors', {
        name: 'm',
        url: 'http://127.0.0.1:9/',
        escalation_policy_id: 4242,
      });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().errors, [
        { path: 'escalation_policy_id', message: 'escalation policy 4242 does not exist' },
      ]);
    });

    test('a monitor without a policy of its own escalates by its group’s (nearest up the chain)', async () => {
      const p = (
        await s.call('POST', '/api/escalation-policies', {
          name: 'group policy',
          steps: [{ after_minutes: 1, channel_ids: [hook] }],
        })
      ).json();
      const db = s.server.ctx.db;
      const now = Date.now();
      const parent = await db
        .insertInto('monitor_groups')
        .values({
          name: 'infra',
          escalation_policy_id: p.id,
          sort_order: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const child = await db
        .insertInto('monitor_groups')
        .values({ name: 'routers', parent_id: parent.id, sort_order: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const m = await monitor({ name: 'router', channel_ids: [] });
      await db
        .updateTable('monitors')
        .set({ group_id: child.id, current_status: 'down' })
        .where('id', '=', m.id)
        .execute();
      const started = now - 2 * 60_000;
      const inc = await db
        .insertInto('incidents')
        .values({
          monitor_id: m.id,
          status: 'open',
          started_at: started,
          root_cause: 'timeout',
          reminders_sent: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assert.equal(await sendDueEscalations(db, s.server.ctx, now), 1);
      assert.equal(await sendDueEscalations(db, s.server.ctx, now), 0, 'a step goes out once');
      const queued = await db
        .selectFrom('notification_outbox')
        .select(['channel_id', 'event', 'payload', 'dedup_key'])
        .where('dedup_key', 'like', `monitor.escalated:incident:${inc.id}:%`)
        .execute();
      assert.equal(queued.length, 1);
      assert.equal(Number(queued[0]!.channel_id), hook);
      assert.deepEqual(JSON.parse(queued[0]!.payload).escalation, { step: 1, steps: 1, after_minutes: 1 });
      const remembered = await db
        .selectFrom('incident_notified_channels')
        .select('channel_id')
        .where('incident_id', '=', inc.id)
        .execute();
      assert.deepEqual(
        remembered.map((r) => Number(r.channel_id)),
        [hook],
      );
      await db.updateTable('monitors').set({ current_status: 'up' }).where('id', '=', m.id).execute();
      await db
        .updateTable('incidents')
        .set({ status: 'resolved', resolved_at: now })
        .where('id', '=', inc.id)
        .execute();
    });

    test('incident notes: a timeline of who, when and what; audited; blank and unknown refused', async () => {
      const m = await monitor({ name: 'noted' });
      const inc = await s.server.ctx.db
        .insertInto('incidents')
        .values({
          monitor_id: m.id,
          status: 'open',
          started_at: Date.now(),
          root_cause: 'x',
          reminders_sent: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const a = await s.call('POST', `/api/incidents/${inc.id}/notes`, { text: '  Restarted the router.  ' });
      assert.equal(a.statusCode, 201, a.body);
      const b = await s.call('POST', `/api/incidents/${inc.id}/notes`, {
        text: 'Vendor ticket #4411 opened',
      });
      const notes = (await s.call('GET', `/api/incidents/${inc.id}/notes`, undefined, s.viewer)).json();
      assert.deepEqual(
        notes.map((n: { id: number; author: string; text: string; incident_id: number }) => [
          n.id,
          n.author,
          n.text,
          n.incident_id,
        ]),
        [
          [a.json().id, 'esc-admin', 'Restarted the router.', inc.id],
          [b.json().id, 'esc-admin', 'Vendor ticket #4411 opened', inc.id],
        ],
      );
      assert.ok(!Number.isNaN(Date.parse(notes[0].created_at)));
      const blank = await s.call('POST', `/api/incidents/${inc.id}/notes`, { text: '   ' });
      assert.equal(blank.statusCode, 422);
      assert.deepEqual(blank.json().errors, [{ path: 'text', message: 'must not be blank' }]);
      assert.equal((await s.call('POST', '/api/incidents/99999/notes', { text: 'x' })).statusCode, 404);
      assert.equal((await s.call('GET', '/api/incidents/99999/notes')).statusCode, 404);
      assert.equal(
        (await s.call('POST', `/api/incidents/${inc.id}/notes`, { text: 'x' }, s.viewer)).statusCode,
        403,
      );
      assert.equal((await s.call('GET', `/api/incidents/${inc.id}/notes`)).json().length, 2);
      const entries = await audit('incident.note');
      assert.equal(entries.length, 2);
      assert.equal(entries[0]!.resource_id, String(inc.id));
    });

    test('templates: built-in by default, replaced, validated (unknown variable → 422), previewed, reset', async () => {
      const list = (await s.call('GET', `/api/channels/${hook}/templates`, undefined, s.viewer)).json();
      assert.deepEqual(
        list.map((t: { event: string; custom: boolean }) => [t.event, t.custom]),
        [
          ['down', false],
          ['up', false],
          ['degraded', false],
          ['tls', false],
          ['escalation', false],
        ],
      );
      assert.equal(list[0].title, '[DOWN] {{monitor.name}}');
      const bad = await s.call('PUT', `/api/channels/${hook}/templates/down`, {
        title: '{{monitor.name}} down',
        body: '{{monitor.nmae}} is down: {{reason}} {{#incident}}{{bogus}}{{/incident}}',
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().errors, [
        { path: 'body', message: 'unknown variable "monitor.nmae"' },
        { path: 'body', message: 'unknown variable "bogus"' },
      ]);
      assert.equal((await s.call('GET', `/api/channels/${hook}/templates/down`)).json().custom, false);
      const good = { title: '🔴 {{monitor.name}}', body: '{{monitor.name}} is down: {{reason}}' };
      const put = await s.call('PUT', `/api/channels/${hook}/templates/down`, good);
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(
        { ...(put.json() as object), updated_at: null },
        { event: 'down', ...good, custom: true, config_key: null, updated_at: null },
      );
      assert.deepEqual((await s.call('GET', `/api/channels/${hook}/templates/down`)).json().body, good.body);
      assert.equal(
        (await s.call('PUT', `/api/channels/${hook}/templates/down`, good, s.viewer)).statusCode,
        403,
      );
      assert.equal((await s.call('PUT', `/api/channels/${hook}/templates/nope`, good)).statusCode, 422);
      assert.equal((await s.call('PUT', `/api/channels/9999/templates/down`, good)).statusCode, 404);

      const preview = await s.call(
        'POST',
        '/api/channels/templates/preview',
        {
          event: 'escalation',
          title: 'Step {{escalation.step}}',
          body: '{{monitor.name}} & {{incident.duration}}',
        },
        s.viewer,
      );
      assert.equal(preview.statusCode, 200, preview.body);
      assert.deepEqual(preview.json(), { title: 'Step 2', body: 'Checkout API & 12m 34s' });
      const html = await s.call('POST', '/api/channels/templates/preview', {
        event: 'down',
        title: 'x',
        body: '<b>{{monitor.url}}</b>{{#affected.monitors}} {{name}}{{/affected.monitors}}',
        html: true,
      });
      assert.equal(
        html.json().body,
        '<b>https://shop.example.com/health?deep=1&amp;full=1</b> Cart Payments',
      );
      const unknown = await s.call('POST', '/api/channels/templates/preview', {
        event: 'up',
        title: '{{x.y}}',
        body: 'ok',
      });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().errors, [{ path: 'title', message: 'unknown variable "x.y"' }]);
      const vars = (await s.call('GET', '/api/channels/templates/variables', undefined, s.viewer)).json();
      assert.ok(vars.some((v: { name: string }) => v.name === 'affected.monitors[].name'));

      assert.equal((await s.call('DELETE', `/api/channels/${hook}/templates/down`)).statusCode, 204);
      assert.equal((await s.call('GET', `/api/channels/${hook}/templates/down`)).json().custom, false);
      assert.equal((await audit('channel.template.update')).length, 1);
      assert.deepEqual((await audit('channel.template.delete'))[0]!.detail, { event: 'down', removed: true });
    });

    test('default channels: new monitors without channel_ids get them; apply-to-all attaches one everywhere', async () => {
      const put = await s.call('PUT', `/api/channels/${mail}`, {
        name: 'mail',
        type: 'email',
        config: { to: 'ops@example.com' },
        default_for_new_monitors: true,
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().default_for_new_monitors, true);
      assert.equal((await s.call('GET', `/api/channels/${hook}`)).json().default_for_new_monitors, false);
      const fresh = await monitor({ name: 'defaults' });
      assert.deepEqual(fresh.channel_ids, [mail]);
      const chosen = await monitor({ name: 'explicit', channel_ids: [hook] });
      assert.deepEqual(chosen.channel_ids, [hook]);
      const none = await monitor({ name: 'none', channel_ids: [] });
      assert.deepEqual(none.channel_ids, []);

      const all = (await s.call('GET', '/api/monitors')).json() as Array<{
        id: number;
        channel_ids: number[];
      }>;
      const lacking = all.filter((m) => !m.channel_ids.includes(hook)).map((m) => m.id);
      const applied = await s.call('POST', `/api/channels/${hook}/apply-to-all`);
      assert.equal(applied.statusCode, 200, applied.body);
      assert.deepEqual(applied.json(), { channel_id: hook, added: lacking.length, monitor_ids: lacking });
      const after = (await s.call('GET', '/api/monitors')).json() as Array<{ channel_ids: number[] }>;
      assert.ok(after.every((m) => m.channel_ids.includes(hook)));
      assert.deepEqual((await s.call('GET', `/api/monitors/${fresh.id}`)).json().channel_ids, [hook, mail]);
      const again = await s.call('POST', `/api/channels/${hook}/apply-to-all`);
      assert.deepEqual(again.json(), { channel_id: hook, added: 0, monitor_ids: [] });
      const entries = await audit('channel.apply_to_all');
      assert.equal(entries.length, 2);
      assert.equal(
        entries.find((e) => (e.detail as { added: number }).added > 0)!.detail!.added,
        lacking.length,
      );
      assert.equal(
        (await s.call('POST', `/api/channels/${hook}/apply-to-all`, undefined, s.viewer)).statusCode,
        403,
      );
      assert.equal((await s.call('POST', '/api/channels/9999/apply-to-all')).statusCode, 404);
    });
  });
}
