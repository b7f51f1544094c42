import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import { startSwitchableTarget } from './switchable-target.js';

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;

describe('dependencies across two engines on one PostgreSQL', { skip: postgres.skip }, () => {
  test('dependants on one instance are held for, then covered by, a parent on the other', async () => {
    const net = await startSwitchableTarget();
    const hook = await HttpReceiver.start();
    const db = await postgres.create();
    let a: Harness | undefined;
    let b: Harness | undefined;
    try {
      a = await startHarness(postgres, {}, db);
      b = await startHarness(postgres, {}, db);
      const ea = a.server.ctx.engine;
      const eb = b.server.ctx.engine;
      await waitFor('an even split', async () =>
        ea.stats().shards === 32 && eb.stats().shards === 32 ? true : undefined,
      );
      const ch = await a.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${hook.url}/alerts` },
      });
      const channel_ids = [ch.json().id as number];
      const base = { timeout_seconds: 1, retry_count: 0, retry_interval_seconds: 1, channel_ids };
      // Monitors are created until the parent is A's and three dependants are B's; the rest are paused.
      let router = 0;
      const dependants: number[] = [];
      for (let i = 0; (router === 0 || dependants.length < 3) && i < 40; i++) {
        const res = await a.call('POST', '/api/monitors', {
          ...base,
          name: `m${i}`,
          url: `${net.origin}/m${i}`,
          check_interval_seconds: 5,
        });
        const id = res.json().id as number;
        if (router === 0 && ea.leases.owned.has(id % 64)) router = id;
        else if (eb.leases.owned.has(id % 64) && dependants.length < 3) dependants.push(id);
        else assert.equal((await a.call('POST', `/api/monitors/${id}/pause`)).statusCode, 200);
      }
      assert.ok(router > 0 && dependants.length === 3);
      for (const id of dependants) {
        // Set through A: B learns of it by polling, and reads the parent's state from the database.
        const res = await a.call('PATCH', `/api/monitors/${id}`, {
          depends_on: [router],
          check_interval_seconds: 1,
        });
        assert.equal(res.statusCode, 200, res.body);
      }
      const status = async (id: number) => (await b!.call('GET', `/api/monitors/${id}`)).json();
      await waitFor('all up', async () => {
        const all = await Promise.all([router, ...dependants].map(status));
        return all.every((m) => m.current_status === 'up') ? true : undefined;
      });

      net.status = 503;
      await waitFor(
        'dependants dependency_down',
        async () => {
          const all = await Promise.all(dependants.map(status));
          return all.every((m) => m.current_status === 'down' && m.status_reason === 'dependency_down')
            ? true
            : undefined;
        },
        20_000,
      );
      assert.equal((await status(router)).current_status, 'down');
      const open = (await a.call('GET', '/api/incidents?status=open')).json() as { monitor_id: number }[];
      assert.deepEqual(
        open.map((i) => i.monitor_id),
        [router],
      );
      await hook.waitFor(1);
      await waitFor('the outbox drained', async () => {
        const pending = await a!.server.ctx.db
          .selectFrom('notification_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        return pending.length === 0 ? true : undefined;
      });
      assert.equal(hook.requests.length, 1);
      assert.equal(JSON.parse(hook.requests[0]!.body).monitor.id, router);
    } finally {
      await b?.close();
      await a?.close();
      await db.cleanup();
      await net.close();
      await hook.close();
    }
  });
});
