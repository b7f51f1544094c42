import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { type Harness, resultsOf, startHarness, waitFor } from './harness.js';

for (const t of await testDatabases()) {
  describe(`restart (${t.name})`, { skip: t.skip }, () => {
    test('next checks come from stored state; overdue monitors are spread over one interval', async () => {
      const target: HttpTarget = await startHttpTarget();
      const db = await t.create();
      let h: Harness | undefined;
      try {
        h = await startHarness(t, {}, db);
        const ids: number[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await h.call('POST', '/api/monitors', {
            name: `m${i}`,
            url: `${target.origin}/ok`,
            check_interval_seconds: 600,
            retry_count: 3,
            retry_interval_seconds: 30,
          });
          ids.push((res.json() as { id: number }).id);
        }
        await h.call('POST', `/api/monitors/${ids[11]}/pause`);
        await waitFor('first checks stored', async () =>
          (await resultsOf(h!, ids[0]!)).length > 0 ? true : undefined,
        );
        // A check under way at shutdown is finished and stored before the process lets go.
        assert.equal((await h.call('POST', `/api/monitors/${ids[0]}/check-now`)).statusCode, 202);
        await h.close();

        // Shape the stored state as a long outage would leave it.
        const now = Date.now();
        h = await startHarness(t, {}, db);
        // The leases were given back at shutdown: the new instance holds every shard at once.
        assert.equal(h.server.ctx.engine.stats().shards, 64);
        assert.equal((await resultsOf(h, ids[0]!)).length, 2);
        await h.server.ctx.engine.stop();
        const k = h.server.ctx.db;
        for (const [i, id] of ids.slice(0, 11).entries()) {
          // 0–7 overdue (the oldest first), 8–9 checked recently, 10 mid-retry.
          const last = i < 8 ? now - 3_600_000 + i * 1000 : i < 10 ? now - 60_000 : now - 10_000;
          await k
            .updateTable('monitors')
            .set({ last_checked_at: last, consecutive_failures: i === 10 ? 1 : 0, current_status: 'up' })
            .where('id', '=', id)
            .execute();
        }
        await h.close();

        const before = Date.now();
        h = await startHarness(t, {}, db);
        const after = Date.now();
        const engine = h.server.ctx.engine;
        const due = ids.map((id) => engine.dueOf(id));
        // Recently checked: exactly last check + interval; mid-retry: last check + retry interval.
        assert.equal(due[8], now - 60_000 + 600_000);
        assert.equal(due[9], now - 60_000 + 600_000);
        assert.equal(due[10], now - 10_000 + 30_000);
        assert.equal(due[11], null, 'paused monitors are not scheduled');
        // Overdue: spread evenly over the 600 s interval, most overdue first, not all at once. The
        // first is due at start and may already have been checked, so its slot is not compared.
        const overdue = due.slice(1, 8) as number[];
        for (let i = 1; i < overdue.length; i++) {
          const step = overdue[i]! - overdue[i - 1]!;
          assert.ok(Math.abs(step - 75_000) <= after - before + 1, `step ${step}`);
        }
        assert.ok(overdue[0]! >= before + 75_000 - 1 && overdue[0]! <= after + 75_000);
        assert.ok(overdue.at(-1)! < after + 600_000);
      } finally {
        await h?.close();
        await db.cleanup();
        await target.close();
      }
    });
  });
}
