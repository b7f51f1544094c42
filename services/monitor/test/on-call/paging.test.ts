import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { sendDueEscalations } from '../../src/alerting/escalation/escalation-tick.js';
import { notifyMonitorEvent } from '../../src/alerting/notify/enqueue.js';
import { type EscalationServer, startEscalationServer } from '../escalation/escalation-server.js';
import { eventually } from '../operations/ops-server.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

type Hook = {
  event: string;
  incident: { id: number } | null;
  message?: { text: string };
  ack_url?: string;
  ack_nonce?: string;
};

for (const target of await testDatabases()) {
  describe(`contact methods and paging the person on call on ${target.name}`, { skip: target.skip }, () => {
    let s: EscalationServer;
    let rx: HttpReceiver;
    let ann: { id: number; token: string };
    let bob: { id: number; token: string };
    before(async () => {
      s = await startEscalationServer(target, { engine: false });
      rx = await HttpReceiver.start();
      const settings = await s.call('PUT', '/api/settings', { app_base_url: 'https://mon.example.test/' });
      assert.equal(settings.statusCode, 200, settings.body);
      const user = async (username: string) => {
        const password = `${username}-password-123`;
        const r = await s.call('POST', '/api/users', { username, password, role: 'viewer' });
        assert.equal(r.statusCode, 201, r.body);
        const login = await s.server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password },
        });
        assert.equal(login.statusCode, 200, login.body);
        return { id: r.json().id as number, token: login.json().access_token as string };
      };
      ann = await user('pager-ann');
      bob = await user('pager-bob');
    });
    after(async () => {
      await s.stop();
      await rx.close();
    });

    /** Adds a webhook method for `who` and returns its id and the code the receiver got. */
    async function addMethod(who: { token: string }, label: string) {
      rx.reset();
      const r = await s.call(
        'POST',
        '/api/contact-methods',
        { label, type: 'webhook', config: { url: `${rx.url}/${label}`, secret: 's3cret' } },
        who.token,
      );
      assert.equal(r.statusCode, 201, r.body);
      const m = r.json();
      assert.deepEqual(
        [m.label, m.verified, m.config.secret, m.verification],
        [label, false, '********', { sent: true, error: null }],
      );
      const [req] = await rx.waitFor(1);
      assert.equal(req!.path, `/${label}`);
      const code = /\b(\d{6})\b/.exec((JSON.parse(req!.body) as Hook).message?.text ?? '')?.[1];
      assert.ok(code, req!.body);
      return { id: m.id as number, code };
    }

    test('a method is verified by the code sent through it; a wrong code is refused; it stays private to its owner', async () => {
      const m = await addMethod(ann, 'phone');
      const stored = await s.server.ctx.db
        .selectFrom('notification_channels')
        .select(['config', 'is_enabled'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      assert.ok(!stored.config.includes('s3cret'), 'the secret is encrypted at rest');
      assert.equal(stored.is_enabled, 0);
      const wrong = await s.call(
        'POST',
        `/api/contact-methods/${m.id}/verify`,
        { code: m.code === '000000' ? '111111' : '000000' },
        ann.token,
      );
      assert.equal(wrong.statusCode, 422);
      assert.equal(wrong.json().code, 'verification_failed');
      // Not bob's, not a team channel.
      assert.equal(
        (await s.call('POST', `/api/contact-methods/${m.id}/verify`, { code: m.code }, bob.token)).statusCode,
        404,
      );
      assert.equal((await s.call('GET', `/api/channels/${m.id}`)).statusCode, 404);
      assert.ok(!(await s.call('GET', '/api/channels')).json().some((c: { id: number }) => c.id === m.id));
      assert.equal(
        (await s.call('POST', `/api/contact-methods/${m.id}/test`, undefined, ann.token)).statusCode,
        409,
      );
      const ok = await s.call('POST', `/api/contact-methods/${m.id}/verify`, { code: m.code }, ann.token);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().verified, true);
      rx.reset();
      const t = await s.call('POST', `/api/contact-methods/${m.id}/test`, undefined, ann.token);
      assert.equal(t.statusCode, 200, t.body);
      assert.equal((JSON.parse(rx.requests[0]!.body) as Hook).event, 'test');
      const mine = (await s.call('GET', '/api/contact-methods', undefined, ann.token)).json();
      assert.deepEqual(
        mine.map((x: { label: string; verified: boolean }) => [x.label, x.verified]),
        [['phone', true]],
      );
      assert.deepEqual((await s.call('GET', '/api/contact-methods', undefined, bob.token)).json(), []);
    });

    test('five wrong codes use the code up', async () => {
      const m = await addMethod(bob, 'pager');
      const bad = m.code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) {
        const r = await s.call('POST', `/api/contact-methods/${m.id}/verify`, { code: bad }, bob.token);
        assert.equal(r.json().errors[0].message, 'the code is wrong');
      }
      const late = await s.call('POST', `/api/contact-methods/${m.id}/verify`, { code: m.code }, bob.token);
      assert.equal(late.statusCode, 422);
      assert.equal(late.json().errors[0].message, 'no usable code: send a new one');
      assert.equal(
        (await s.call('DELETE', `/api/contact-methods/${m.id}`, undefined, bob.token)).statusCode,
        204,
      );
    });

    test('quiet hours hold a recovery to a personal method until they end; a critical page goes at once', async () => {
      const phone = (await s.call('GET', '/api/contact-methods', undefined, ann.token)).json()[0]
        .id as number;
      const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
      const now = Date.now();
      const body = {
        time_zone: 'UTC',
        start: hhmm(now - 3_600_000),
        end: hhmm(now + 3_600_000),
        min_severity: 'critical',
      };
      const bad = await s.call(
        'PUT',
        '/api/contact-methods/quiet-hours',
        { ...body, time_zone: 'Nowhere/Town' },
        ann.token,
      );
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'time_zone');
      const put = await s.call('PUT', '/api/contact-methods/quiet-hours', body, ann.token);
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(
        (await s.call('GET', '/api/contact-methods/quiet-hours', undefined, ann.token)).json(),
        body,
      );
      assert.equal(
        (await s.call('GET', '/api/contact-methods/quiet-hours', undefined, bob.token)).json(),
        null,
      );
      const queue = (event: 'monitor.up' | 'monitor.escalated', incident: number) =>
        s.server.ctx.db.transaction().execute((trx) =>
          notifyMonitorEvent(trx, s.server.ctx, {
            monitor: { id: 1, name: 'quiet', url: null },
            channelIds: [phone],
            event,
            incident: { id: incident },
          }),
        );
      await queue('monitor.up', 9001);
      await queue('monitor.escalated', 9002);
      const rows = await s.server.ctx.db
        .selectFrom('notification_outbox')
        .select(['event', 'next_attempt_at', 'created_at'])
        .where('channel_id', '=', phone)
        .where('dedup_key', 'in', ['monitor.up:incident:9001', 'monitor.escalated:incident:9002'])
        .orderBy('id')
        .execute();
      // The end of the quiet hours: the next time the clock reads `end`, i.e. now + 1 h to the minute.
      const end = Math.floor((now + 3_600_000) / 60_000) * 60_000;
      assert.deepEqual(
        rows.map((r) => [r.event, Number(r.next_attempt_at) === end]),
        [
          ['monitor.up', true],
          ['monitor.escalated', false],
        ],
      );
      assert.ok(Number(rows[1]!.next_attempt_at) <= Number(rows[1]!.created_at), 'the page is due at once');
      // Let the page go out before the next test counts what the receiver got.
      s.server.ctx.outbox.kick();
      await eventually(
        () =>
          s.server.ctx.db
            .selectFrom('notification_outbox')
            .select('status')
            .where('dedup_key', '=', 'monitor.escalated:incident:9002')
            .executeTakeFirstOrThrow(),
        (r) => r.status === 'delivered',
      );
      assert.equal(
        (await s.call('DELETE', '/api/contact-methods/quiet-hours', undefined, ann.token)).statusCode,
        204,
      );
      assert.equal(
        (await s.call('GET', '/api/contact-methods/quiet-hours', undefined, ann.token)).json(),
        null,
      );
    });

    test('an escalation step naming a schedule pages whoever is on call, with a single-use link that expires with the incident', async () => {
      const db = s.server.ctx.db;
      const sched = await s.call('POST', '/api/schedules', {
        name: 'primary',
        time_zone: 'UTC',
        layers: [
          {
            name: 'only',
            members: [bob.id],
            rotation_length: 1,
            rotation_unit: 'weeks',
            start: '2020-01-06T09:00',
          },
        ],
      });
      assert.equal(sched.statusCode, 201, sched.body);
      // Ann takes over for the hour around now: the override decides who is paged.
      const now = Date.now();
      const o = await s.call('POST', `/api/schedules/${sched.json().id}/overrides`, {
        user_id: ann.id,
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
      });
      assert.equal(o.statusCode, 201, o.body);
      const noTarget = await s.call('POST', '/api/escalation-policies', {
        name: 'empty',
        steps: [{ after_minutes: 1, channel_ids: [] }],
      });
      assert.equal(noTarget.statusCode, 422);
      assert.equal(noTarget.json().errors[0].path, 'steps.0');
      const p = await s.call('POST', '/api/escalation-policies', {
        name: 'page on call',
        steps: [{ after_minutes: 1, channel_ids: [], schedule_ids: [sched.json().id] }],
      });
      assert.equal(p.statusCode, 201, p.body);
      assert.deepEqual(p.json().steps, [
        { after_minutes: 1, channel_ids: [], schedule_ids: [sched.json().id] },
      ]);
      const open = async (name: string) => {
        const m = await s.call('POST', '/api/monitors', {
          name,
          url: 'http://127.0.0.1:9/',
          channel_ids: [],
          escalation_policy_id: p.json().id,
        });
        assert.equal(m.statusCode, 201, m.body);
        await db
          .updateTable('monitors')
          .set({ current_status: 'down' })
          .where('id', '=', m.json().id)
          .execute();
        return (
          await db
            .insertInto('incidents')
            .values({
              monitor_id: m.json().id,
              status: 'open',
              started_at: now - 2 * 60_000,
              root_cause: 'timeout',
              reminders_sent: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      };
      const first = await open('paged-1');
      const second = await open('paged-2');
      rx.reset();
      assert.equal(await sendDueEscalations(db, s.server.ctx, now), 2);
      s.server.ctx.outbox.kick();
      const got = (await rx.waitFor(2)).map((r) => ({ path: r.path, body: JSON.parse(r.body) as Hook }));
      assert.deepEqual(
        got.map((g) => g.path),
        ['/phone', '/phone'],
        'ann (the override) is paged, bob is not',
      );
      const page = got.find((g) => g.body.incident?.id === first)!.body;
      assert.equal(page.event, 'monitor.escalated');
      assert.equal(page.ack_nonce, undefined, 'the stored nonce is not sent');
      assert.ok(page.ack_url, JSON.stringify(page));
      const url = new URL(page.ack_url);
      assert.equal(url.origin, 'https://mon.example.test');
      const path = url.pathname;
      assert.match(path, /^\/ack\/[\w-]+\.[\w-]+$/);

      const view = await s.server.app.inject({ method: 'GET', url: path });
      assert.equal(view.statusCode, 200);
      assert.match(view.body, /Acknowledge the incident of paged-1\?/);
      assert.match(view.body, /<input type="hidden" name="token" value="[\w.-]+">/);
      assert.equal(
        (await db.selectFrom('incidents').select('status').where('id', '=', first).executeTakeFirstOrThrow())
          .status,
        'open',
        'opening the link changes nothing',
      );
      const token = path.slice('/ack/'.length);
      const forged = await s.server.app.inject({
        method: 'POST',
        url: '/ack',
        payload: { token: `${token.split('.')[0]}.AAAA` },
      });
      assert.equal(forged.statusCode, 410);
      assert.equal(forged.json().code, 'ack_link_invalid');
      const acked = await s.server.app.inject({ method: 'POST', url: '/ack', payload: { token } });
      assert.equal(acked.statusCode, 200, acked.body);
      assert.deepEqual(acked.json(), { incident_id: first, acknowledged_by: 'pager-ann' });
      const inc = (await s.call('GET', `/api/incidents/${first}`)).json();
      assert.deepEqual([inc.status, inc.acknowledged_by], ['acknowledged', 'pager-ann']);
      const again = await s.server.app.inject({
        method: 'POST',
        url: '/ack',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}`,
      });
      assert.equal(again.statusCode, 410);
      assert.match(again.body, /used already/);

      // The second incident is resolved before its link is used: the link expired with it.
      const other = new URL(got.find((g) => g.body.incident?.id === second)!.body.ack_url!).pathname.slice(
        '/ack/'.length,
      );
      const resolved = await s.call('POST', `/api/incidents/${second}/resolve`, {});
      assert.equal(resolved.statusCode, 200, resolved.body);
      const late = await s.server.app.inject({ method: 'POST', url: '/ack', payload: { token: other } });
      assert.equal(late.statusCode, 410);
      assert.match(late.json().detail, /the incident is resolved/);
    });
  });
}
