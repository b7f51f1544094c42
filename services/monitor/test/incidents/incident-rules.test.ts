import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import {
  applyIncidentRules,
  type ResultFact,
  tlsThreshold,
} from '../../src/alerting/incidents/incident-rules.js';
import { sendDueReminders } from '../../src/alerting/incidents/reminders.js';
import { monitorChannelsRepo } from '../../src/store/repos/monitor-channels-repo.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

test('certificate warnings step down a ladder below the monitor’s own threshold', () => {
  assert.equal(tlsThreshold(30, 14), null);
  assert.equal(tlsThreshold(14, 14), 14);
  assert.equal(tlsThreshold(10, 14), 14);
  assert.equal(tlsThreshold(7, 14), 7);
  assert.equal(tlsThreshold(2, 14), 7);
  assert.equal(tlsThreshold(0, 14), 1);
  assert.equal(tlsThreshold(5, 5), 5);
  assert.equal(tlsThreshold(3, 5), 5);
  assert.equal(tlsThreshold(1, 5), 1);
});

for (const target of await testDatabases()) {
  describe(`incident rules on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let rx: HttpReceiver;
    let monitorId: number;
    let seq = 0;
    before(async () => {
      h = await startHarness(target);
      rx = await HttpReceiver.start();
      // A heartbeat monitor with an hour's interval: the engine produces no result for it during
      // the test, so only the facts below drive its incidents.
      const m = await h.call('POST', '/api/monitors', {
        name: 'shop',
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
      });
      assert.equal(m.statusCode, 201, m.body);
      monitorId = m.json().id;
      const ch = await h.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${rx.url}/hook` },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      await monitorChannelsRepo.set(h.server.ctx.db, monitorId, [ch.json().id]);
    });
    after(async () => {
      await h.stop();
      await rx.close();
    });

    const fact = (over: Partial<ResultFact>): ResultFact => ({
      monitor_id: monitorId,
      result_id: ++seq,
      checked_at: Date.now(),
      status: 'down',
      prev_status: 'up',
      new_status: 'down',
      error: 'expected status 2xx, got 500',
      status_code: 500,
      response_time_ms: 3,
      tls_days_left: null,
      ...over,
    });
    const apply = (facts: ResultFact[]) =>
      h.server.ctx.db.transaction().execute((trx) => applyIncidentRules(trx, facts, h.server.ctx));

    test('going down opens one incident and one alert; staying down adds nothing', async () => {
      const events = await apply([fact({})]);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.name, 'incident.opened');
      assert.equal(events[0]!.data.status, 'open');
      assert.equal(events[0]!.data.root_cause, 'expected status 2xx, got 500');
      assert.deepEqual(await apply([fact({ prev_status: 'down' })]), []);
      const [hook] = await rx.waitFor(1);
      const body = JSON.parse(hook!.body);
      assert.equal(body.event, 'monitor.down');
      assert.deepEqual(body.monitor, { id: monitorId, name: 'shop', url: null });
      assert.equal(body.incident.id, events[0]!.data.id);
      assert.equal(body.result.status_code, 500);

      const list = await h.call('GET', `/api/incidents?monitor_id=${monitorId}&status=open`);
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().length, 1);
    });

    test('acknowledge: admin only, idempotent, audited; streamed as incident.acknowledged', async () => {
      const [open] = (await h.call('GET', `/api/incidents?monitor_id=${monitorId}`)).json();
      const seen: string[] = [];
      const off = h.server.ctx.bus.subscribe((e) => seen.push(e.event));
      const viewer = await h.call('POST', `/api/incidents/${open.id}/acknowledge`, undefined, h.viewer);
      assert.equal(viewer.statusCode, 403);
      const ack = await h.call('POST', `/api/incidents/${open.id}/acknowledge`);
      assert.equal(ack.statusCode, 200);
      assert.equal(ack.json().status, 'acknowledged');
      assert.equal(ack.json().acknowledged_by, 'engine-admin');
      assert.match(ack.json().acknowledged_at, /Z$/);
      const again = await h.call('POST', `/api/incidents/${open.id}/acknowledge`);
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json(), { ...ack.json(), duration_seconds: again.json().duration_seconds });
      off();
      assert.deepEqual(seen, ['incident.acknowledged']);
      const audit = await h.call('GET', '/api/audit-log?action=incident.acknowledge');
      assert.equal(audit.json().length, 2);
      assert.equal((await h.call('POST', '/api/incidents/999999/acknowledge')).statusCode, 404);
    });

    test('reminders repeat the down alert at the monitor’s interval, once each', async () => {
      await h.server.ctx.db
        .updateTable('monitors')
        .set({ reminder_interval_minutes: 10 })
        .where('id', '=', monitorId)
        .execute();
      const ctx = h.server.ctx;
      assert.equal(await sendDueReminders(ctx.db, ctx, Date.now()), 0);
      const later = Date.now() + 11 * 60_000;
      assert.equal(await sendDueReminders(ctx.db, ctx, later), 1);
      assert.equal(await sendDueReminders(ctx.db, ctx, later + 1000), 0);
      const [, reminder] = await rx.waitFor(2);
      const body = JSON.parse(reminder!.body);
      assert.equal(body.event, 'monitor.down');
      assert.equal(body.incident.reminder, 1);
    });

    test('the first success resolves it with one recovery alert; a resolved incident cannot be acknowledged', async () => {
      const events = await apply([
        fact({ status: 'up', prev_status: 'down', new_status: 'up', error: null, status_code: 200 }),
      ]);
      assert.deepEqual(
        events.map((e) => [e.name, e.data.status]),
        [['incident.resolved', 'resolved']],
      );
      assert.ok(events[0]!.data.resolved_at);
      const [, , up] = await rx.waitFor(3);
      assert.equal(JSON.parse(up!.body).event, 'monitor.up');
      const inc = events[0]!.data;
      const ack = await h.call('POST', `/api/incidents/${inc.id}/acknowledge`);
      assert.equal(ack.statusCode, 409);
      assert.equal(ack.json().code, 'conflict');
      assert.deepEqual(
        await apply([fact({ status: 'up', prev_status: 'up', new_status: 'up', error: null })]),
        [],
      );
    });

    test('a certificate nearing expiry warns once per threshold, and again after a renewal', async () => {
      const before = rx.requests.length;
      for (const days of [12, 11, 6, 5, 40, 10]) {
        await apply([
          fact({ status: 'up', prev_status: 'up', new_status: 'up', tls_days_left: days, error: null }),
        ]);
      }
      await rx.waitFor(before + 3);
      await new Promise((r) => setTimeout(r, 300));
      const warnings = rx.requests.slice(before).map((r) => JSON.parse(r.body));
      assert.deepEqual(
        // The outbox delivers rows concurrently: compare regardless of arrival order.
        warnings.map((w) => [w.event, w.result.tls_days_left]).sort((a, b) => b[1] - a[1]),
        [
          ['monitor.tls_expiring', 12],
          ['monitor.tls_expiring', 10],
          ['monitor.tls_expiring', 6],
        ],
      );
    });

    test('a certificate warning with no channel to go to is kept until a channel is attached', async () => {
      const m = await h.call('POST', '/api/monitors', {
        name: 'no channel yet',
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
      });
      assert.equal(m.statusCode, 201, m.body);
      const id = m.json().id as number;
      const warn = (days: number) =>
        apply([
          fact({
            monitor_id: id,
            status: 'up',
            prev_status: 'up',
            new_status: 'up',
            tls_days_left: days,
            error: null,
          }),
        ]);
      const warned = async () =>
        (
          await h.server.ctx.db
            .selectFrom('monitors')
            .select('tls_warned_threshold')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).tls_warned_threshold;
      await warn(9);
      assert.equal(await warned(), null, 'nothing was sent, so nothing counts as warned');
      const hooks = await h.call('GET', '/api/channels');
      await monitorChannelsRepo.set(h.server.ctx.db, id, [hooks.json()[0].id]);
      const before = rx.requests.length;
      await warn(8);
      const [hook] = (await rx.waitFor(before + 1)).slice(before);
      const body = JSON.parse(hook!.body);
      assert.deepEqual(
        [body.event, body.monitor.id, body.result.tls_days_left],
        ['monitor.tls_expiring', id, 8],
      );
      assert.equal(await warned(), 14);
    });

    test('list filters and validation', async () => {
      const all = await h.call('GET', '/api/incidents');
      assert.equal(all.statusCode, 200);
      assert.ok(all.json().every((i: { duration_seconds: number }) => Number.isInteger(i.duration_seconds)));
      assert.equal((await h.call('GET', '/api/incidents?status=gone')).statusCode, 422);
      const inverted = await h.call(
        'GET',
        '/api/incidents?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z',
      );
      assert.equal(inverted.statusCode, 422);
      assert.equal((await h.call('GET', '/api/incidents', undefined, 'nope')).statusCode, 401);
    });
  });
}
