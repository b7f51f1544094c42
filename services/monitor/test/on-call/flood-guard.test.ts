import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { notifyMonitorEvent } from '../../src/alerting/notify/enqueue.js';
import { eventually, FAST_OUTBOX, type OpsServer, startOn, type TestDb } from '../operations/ops-server.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

type Hook = {
  event: string;
  monitor: { name: string };
  flood?: { count: number; limit: number; monitors: string[] };
};

for (const target of await testDatabases()) {
  describe(`the per-channel flood guard on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let root: string;
    let rx: HttpReceiver;
    before(async () => {
      db = await target.create();
      // A one-second window stands in for the minute.
      s = await startOn(db, { outbox: { ...FAST_OUTBOX, floodWindowMs: 1000 } });
      root = await s.token();
      rx = await HttpReceiver.start();
    });
    after(async () => {
      await s.close();
      await rx.close();
      await db.cleanup();
    });

    test('at most N a window go out; every other one is counted in one summary per window, none lost', async () => {
      const made = await s.as(root, {
        method: 'POST',
        url: '/api/channels',
        payload: { name: 'guarded', type: 'webhook', config: { url: `${rx.url}/g` }, flood_limit: 3 },
      });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(made.json().flood_limit, 3);
      const id = made.json().id as number;
      const bad = await s.as(root, {
        method: 'PUT',
        url: `/api/channels/${id}`,
        payload: { name: 'guarded', type: 'webhook', config: { url: `${rx.url}/g` }, flood_limit: 0 },
      });
      assert.equal(bad.statusCode, 422);
      await s.ctx.db.transaction().execute(async (trx) => {
        for (let i = 1; i <= 12; i++) {
          await notifyMonitorEvent(trx, s.ctx, {
            monitor: { id: i, name: `m${i}`, url: null },
            channelIds: [id],
            event: 'monitor.down',
            incident: { id: i },
          });
        }
      });
      s.ctx.outbox.kick();
      // Settled: every down row delivered or summarised, and every summary delivered.
      const rows = await eventually(
        () =>
          s.ctx.db
            .selectFrom('notification_outbox')
            .select(['event', 'status'])
            .where('channel_id', '=', id)
            .execute(),
        (r) => r.length > 12 && r.every((x) => x.status === 'delivered' || x.status === 'summarised'),
        15_000,
      );
      const downs = rows.filter((r) => r.event === 'monitor.down');
      const sent = downs.filter((r) => r.status === 'delivered').length;
      const held = downs.filter((r) => r.status === 'summarised').length;
      assert.equal(sent + held, 12);
      const bodies = rx.requests.map((r) => JSON.parse(r.body) as Hook);
      const summaries = bodies.filter((b) => b.event === 'flood.summary');
      assert.equal(
        bodies.filter((b) => b.event === 'monitor.down').length,
        sent,
        'each admitted one sent once',
      );
      assert.ok(summaries.length >= 1 && summaries.length === rows.length - 12);
      assert.equal(
        summaries.reduce((n, b) => n + b.flood!.count, 0),
        held,
        'the summaries count exactly the held ones',
      );
      // 12 rows within at most two windows of 3: at least 6 held.
      assert.ok(held >= 6, `held ${held}`);
      for (const b of summaries) {
        assert.equal(b.flood!.limit, 3);
        assert.equal(b.flood!.monitors.length, b.flood!.count);
      }
      const heldNames = new Set(summaries.flatMap((b) => b.flood!.monitors));
      const sentNames = new Set(bodies.filter((b) => b.event === 'monitor.down').map((b) => b.monitor.name));
      assert.deepEqual(
        [...heldNames, ...sentNames].sort(),
        Array.from({ length: 12 }, (_, i) => `m${i + 1}`).sort(),
        'every monitor is either sent or named in a summary',
      );
    });
  });
}
