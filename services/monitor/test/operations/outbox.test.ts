import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { enqueueNotification, notifyMonitorEvent } from '../../src/alerting/notify/enqueue.js';
import { pruneNotifications } from '../../src/alerting/notify/prune.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { eventually, type OpsServer, startOn, type TestDb } from './ops-server.js';

const monitor = { id: 3, name: 'shop', url: 'https://shop.example.test/' };

interface DeliveryView {
  attempt: number;
  status: string;
  will_retry: boolean;
  http_status: number | null;
  error: string | null;
}

for (const target of await testDatabases()) {
  describe(`notification outbox on ${target.name}`, { skip: target.skip }, () => {
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
      await s?.close();
      await rx.close();
      await db.cleanup();
    });

    async function webhook(name: string, extra: Record<string, unknown> = {}): Promise<number> {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/channels',
        payload: { name, type: 'webhook', config: { url: `${rx.url}/${name}` }, ...extra },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id;
    }

    const deliveries = async (id: number): Promise<DeliveryView[]> =>
      (await s.as(root, { method: 'GET', url: `/api/channels/${id}/deliveries` })).json();

    test('the test endpoint answers 502 with the provider’s status and body', async () => {
      const id = await webhook('failing');
      rx.reset();
      rx.answer({ status: 500, body: 'upstream exploded' });
      const res = await s.as(root, { method: 'POST', url: `/api/channels/${id}/test` });
      assert.equal(res.statusCode, 502);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      const p = res.json();
      assert.equal(p.code, 'delivery_failed');
      assert.equal(p.provider_status, 500);
      assert.equal(p.provider_error, 'HTTP 500: upstream exploded');
      assert.match(p.detail, /upstream exploded/);
      const [d] = await deliveries(id);
      assert.deepEqual(
        { ...d, at: undefined, id: undefined, notification_id: undefined, duration_ms: undefined },
        {
          at: undefined,
          id: undefined,
          notification_id: undefined,
          duration_ms: undefined,
          event: 'test',
          attempt: 1,
          status: 'failed',
          will_retry: false,
          http_status: 500,
          error: 'HTTP 500: upstream exploded',
        },
      );
    });

    test('a failing receiver is retried with back-off until it accepts; every attempt is listed', async () => {
      const id = await webhook('flaky');
      rx.reset();
      rx.answer({ status: 500, body: 'try later' }, { status: 503, body: 'still busy' });
      const queued = await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: 1 },
        }),
      );
      assert.equal(queued, 1);
      const list = await eventually(
        () => deliveries(id),
        (l) => l.length === 3,
      );
      assert.deepEqual(
        list.map((d) => [d.attempt, d.status, d.http_status, d.will_retry]),
        [
          [3, 'delivered', 200, false],
          [2, 'failed', 503, true],
          [1, 'failed', 500, true],
        ],
      );
      assert.equal(list[1]!.error, 'HTTP 503: still busy');
      assert.equal(rx.requests.length, 3);
      // The same body each time, with the same idempotency key.
      assert.equal(new Set(rx.requests.map((r) => r.body)).size, 1);
      assert.equal(new Set(rx.requests.map((r) => r.headers['idempotency-key'])).size, 1);
      // Paging: newest first, with a Link to the older attempts.
      const page = await s.as(root, { method: 'GET', url: `/api/channels/${id}/deliveries?limit=2` });
      assert.deepEqual(
        page.json().map((d: DeliveryView) => d.attempt),
        [3, 2],
      );
      const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1];
      assert.ok(next);
      const rest = await s.as(root, { method: 'GET', url: next });
      assert.deepEqual(
        rest.json().map((d: DeliveryView) => d.attempt),
        [1],
      );
    });

    test('a notification is given up after max attempts', async () => {
      const id = await webhook('dead');
      rx.reset();
      rx.fallback = { status: 500, body: 'nope' };
      try {
        await s.ctx.db.transaction().execute((trx) =>
          enqueueNotification(trx, {
            channel_id: id,
            event: 'monitor.down',
            payload: {
              event: 'monitor.down',
              monitor,
              incident: null,
              result: null,
              at: new Date().toISOString(),
            },
            dedup_key: 'give-up',
            max_attempts: 2,
          }),
        );
        const list = await eventually(
          () => deliveries(id),
          (l) => l.length === 2 && l[0]!.will_retry === false,
        );
        assert.deepEqual(
          list.map((d) => [d.attempt, d.status, d.will_retry]),
          [
            [2, 'failed', false],
            [1, 'failed', true],
          ],
        );
        const row = await s.ctx.db
          .selectFrom('notification_outbox')
          .selectAll()
          .where('dedup_key', '=', 'give-up')
          .executeTakeFirstOrThrow();
        assert.equal(row.status, 'failed');
      } finally {
        rx.fallback = { status: 200, body: '{"ok":true}', contentType: 'application/json' };
      }
    });

    test('the same event queued twice (same dedup key) is delivered once; disabled channels are skipped', async () => {
      const on = await webhook('dedup');
      const off = await webhook('disabled', { is_enabled: false });
      rx.reset();
      const input = { monitor, channelIds: [on, off, on], event: 'monitor.up' as const, incident: { id: 2 } };
      const first = await s.ctx.db.transaction().execute((trx) => notifyMonitorEvent(trx, s.ctx, input));
      const second = await s.ctx.db.transaction().execute((trx) => notifyMonitorEvent(trx, s.ctx, input));
      assert.deepEqual([first, second], [1, 0]);
      await eventually(
        () => deliveries(on),
        (l) => l.length === 1,
      );
      assert.deepEqual(await deliveries(off), []);
      assert.equal(rx.requests.length, 1);
      assert.equal(rx.requests[0]!.path, '/dedup');
    });

    test('a rolled-back state change leaves no notification', async () => {
      const id = await webhook('rollback');
      await assert.rejects(
        s.ctx.db.transaction().execute(async (trx) => {
          await notifyMonitorEvent(trx, s.ctx, {
            monitor,
            channelIds: [id],
            event: 'monitor.down',
            incident: { id: 9 },
          });
          throw new Error('state change failed');
        }),
      );
      const rows = await s.ctx.db
        .selectFrom('notification_outbox')
        .select('id')
        .where('channel_id', '=', id)
        .execute();
      assert.deepEqual(rows, []);
    });

    test('a notification queued before a restart is delivered once by the next process', async () => {
      const id = await webhook('restart');
      await s.close();
      // A process that queues but never delivers (as if it died right after the commit).
      const first = await startOn(db, { outbox: { start: false } });
      await first.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, first.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: 77 },
        }),
      );
      // A row claimed by a worker that then crashed: retried once its lease runs out.
      await first.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, first.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: 78 },
        }),
      );
      await first.ctx.db
        .updateTable('notification_outbox')
        .set({ lease_owner: 'crashed-worker', lease_until: Date.now() + 300, attempts: 1 })
        .where('dedup_key', '=', 'monitor.down:incident:78')
        .execute();
      await first.close();
      rx.reset();

      s = await startOn(db);
      root = await s.token();
      await rx.waitFor(2);
      const list = await eventually(
        () => deliveries(id),
        (l) => l.length === 2,
      );
      assert.deepEqual(
        list.map((d) => d.status),
        ['delivered', 'delivered'],
      );
      const incidents = rx.requests
        .map((r) => (JSON.parse(r.body) as { incident: { id: number } }).incident.id)
        .sort();
      assert.deepEqual(incidents, [77, 78]);
      // The crashed claim counted as attempt 1; its redelivery is attempt 2.
      assert.deepEqual(list.map((d) => d.attempt).sort(), [1, 2]);
      // Nothing more arrives: each was delivered exactly once.
      await s.ctx.outbox.runOnce();
      assert.equal(rx.requests.length, 2);
    });

    test('retention pruning removes finished notifications and their attempts, never pending ones', async () => {
      const id = await webhook('prune');
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: 500 },
        }),
      );
      await eventually(
        () => deliveries(id),
        (l) => l.length === 1,
      );
      await s.ctx.outbox.stop();
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.up',
          incident: { id: 500 },
        }),
      );
      const removed = await pruneNotifications(s.ctx.db, Date.now() + 1);
      assert.ok(removed >= 1);
      const left = await s.ctx.db
        .selectFrom('notification_outbox')
        .select(['status', 'event'])
        .where('channel_id', '=', id)
        .execute();
      assert.deepEqual(left, [{ status: 'pending', event: 'monitor.up' }]);
      assert.deepEqual(await deliveries(id), []);
      s.ctx.outbox.start();
      await eventually(
        () => deliveries(id),
        (l) => l.length === 1,
      );
    });

    test('two instances on one database share the outbox and deliver each notification once', async () => {
      const id = await webhook('shared');
      rx.reset();
      const other = await startOn(db, { outbox: { batchSize: 2 } });
      try {
        await s.ctx.db.transaction().execute(async (trx) => {
          for (let i = 1; i <= 30; i++) {
            await notifyMonitorEvent(trx, s.ctx, {
              monitor,
              channelIds: [id],
              event: 'monitor.down',
              incident: { id: 1000 + i },
            });
          }
        });
        s.ctx.outbox.kick();
        other.ctx.outbox.kick();
        await rx.waitFor(30);
        await Promise.all([s.ctx.outbox.runOnce(), other.ctx.outbox.runOnce()]);
        const ids = rx.requests.map((r) => (JSON.parse(r.body) as { incident: { id: number } }).incident.id);
        assert.equal(ids.length, 30);
        assert.equal(new Set(ids).size, 30);
        const list = await eventually(
          () => deliveries(id),
          (l) => l.length === 30,
        );
        assert.ok(list.every((d) => d.status === 'delivered' && d.attempt === 1));
      } finally {
        await other.close();
      }
    });

    test('a channel disabled before delivery gives the notification up without retrying', async () => {
      const id = await webhook('turned-off');
      rx.reset();
      await s.ctx.outbox.stop();
      await s.ctx.db.transaction().execute((trx) =>
        notifyMonitorEvent(trx, s.ctx, {
          monitor,
          channelIds: [id],
          event: 'monitor.down',
          incident: { id: 600 },
        }),
      );
      const put = await s.as(root, {
        method: 'PUT',
        url: `/api/channels/${id}`,
        payload: {
          name: 'turned-off',
          type: 'webhook',
          config: { url: `${rx.url}/turned-off` },
          is_enabled: false,
        },
      });
      assert.equal(put.statusCode, 200);
      s.ctx.outbox.start();
      const [d] = await eventually(
        () => deliveries(id),
        (l) => l.length === 1,
      );
      assert.deepEqual([d!.status, d!.will_retry, d!.error], ['failed', false, 'the channel is disabled']);
      assert.equal(rx.requests.length, 0);
    });
  });
}
