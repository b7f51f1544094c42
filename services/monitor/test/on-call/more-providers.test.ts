import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { notifyMonitorEvent } from '../../src/alerting/notify/enqueue.js';
import { eventually, type OpsServer, startOn, type TestDb } from '../operations/ops-server.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

import { CASES, json, monitor } from './more-providers-cases.js';

for (const target of await testDatabases()) {
  describe(`more channel types against loopback services on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let rx: HttpReceiver;
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      root = await s.token();
      rx = await HttpReceiver.start();
    });
    after(async () => {
      await s.close();
      await rx.close();
      await db.cleanup();
    });

    const deliveries = async (id: number) =>
      (await s.as(root, { method: 'GET', url: `/api/channels/${id}/deliveries` })).json() as Array<{
        attempt: number;
        status: string;
        will_retry: boolean;
        http_status: number | null;
        error: string | null;
      }>;
    const down = (id: number, incident: number) =>
      s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: incident },
        }),
      );

    for (const c of CASES) {
      test(`${c.type}: the documented request; ${c.busy.status} is retried, ${c.refused.status} is not`, async () => {
        const made = await s.as(root, {
          method: 'POST',
          url: '/api/channels',
          payload: { name: `ch-${c.type}`, type: c.type, config: c.config(rx.url) },
        });
        assert.equal(made.statusCode, 201, made.body);
        const id = made.json().id as number;
        rx.reset();
        rx.answer(
          { ...c.busy, contentType: 'application/json' },
          { ...c.ok, contentType: 'application/json' },
        );
        assert.equal(await down(id, 1), 1);
        const ok = await eventually(
          () => deliveries(id),
          (l) => l.length === 2,
        );
        assert.deepEqual(
          ok.map((d) => [d.attempt, d.status, d.http_status, d.will_retry]),
          [
            [2, 'delivered', c.ok.status, false],
            [1, 'failed', c.busy.status, true],
          ],
        );
        assert.equal(rx.requests.length, 2);
        c.check(rx.requests[0]!);
        assert.equal(rx.requests[0]!.body, rx.requests[1]!.body, 'the retry sends the same request');

        rx.reset();
        rx.answer({ ...c.refused, contentType: 'application/json' });
        assert.equal(await down(id, 2), 1);
        const refused = await eventually(
          () => deliveries(id),
          (l) => l.length === 3,
        );
        assert.deepEqual(
          [refused[0]!.status, refused[0]!.http_status, refused[0]!.will_retry],
          ['failed', c.refused.status, false],
        );
        assert.equal(refused[0]!.error, `HTTP ${c.refused.status}: ${c.refused.body}`);
        assert.equal(rx.requests.length, 1, 'a refusal is not retried');
      });
    }

    test('a 200 answer that says failure in its body is a failure (Rocket.Chat success:false)', async () => {
      const made = await s.as(root, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'rc-false', type: 'rocketchat', config: { webhook_url: `${rx.url}/hooks/x` } },
      });
      rx.reset();
      rx.answer({
        status: 200,
        body: json({ success: false, error: 'nope' }),
        contentType: 'application/json',
      });
      const res = await s.as(root, { method: 'POST', url: `/api/channels/${made.json().id}/test` });
      assert.equal(res.statusCode, 502);
      assert.match(res.json().provider_error, /success: false/);
    });

    test('recovery: Opsgenie closes the alert by alias, Alertmanager sends resolved', async () => {
      const og = (
        await s.as(root, {
          method: 'POST',
          url: '/api/channels',
          payload: { name: 'og-up', type: 'opsgenie', config: { api_key: 'k', base_url: rx.url } },
        })
      ).json().id;
      const am = (
        await s.as(root, {
          method: 'POST',
          url: '/api/channels',
          payload: { name: 'am-up', type: 'alertmanager', config: { url: `${rx.url}/am` } },
        })
      ).json().id;
      rx.reset();
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [og, am],
          event: 'monitor.up',
          incident: { id: 9, started_at: '2026-01-01T00:00:00.000Z' },
        }),
      );
      const reqs = await rx.waitFor(2);
      const close = reqs.find((r) => r.path.startsWith('/v2'))!;
      assert.equal(close.path, '/v2/alerts/monitor-7-incident-9/close?identifierType=alias');
      const resolved = JSON.parse(reqs.find((r) => r.path === '/am')!.body);
      assert.equal(resolved.status, 'resolved');
      assert.equal(resolved.alerts[0].startsAt, '2026-01-01T00:00:00.000Z');
      assert.notEqual(resolved.alerts[0].endsAt, '0001-01-01T00:00:00Z');
    });
  });
}
