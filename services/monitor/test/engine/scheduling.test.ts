import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { BusEvent } from '../../src/platform/events/event-bus.js';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { type Harness, resultsOf, startHarness, waitFor } from './harness.js';

interface Data {
  monitor_id: number;
  status: string;
  prev_status: string;
  result_id: number;
}

for (const t of await testDatabases()) {
  describe(`scheduling (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    let target: HttpTarget;
    const events: BusEvent[] = [];
    const of = (id: number, name: string) =>
      events.filter((e) => e.event === name && (e.data as Data).monitor_id === id).map((e) => e.data as Data);
    before(async () => {
      target = await startHttpTarget();
      h = await startHarness(t);
      h.server.ctx.bus.subscribe((e) => events.push(e));
    });
    after(async () => {
      await h.stop();
      await target.close();
    });

    const create = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', '/api/monitors', body);
      assert.equal(res.statusCode, 201, res.body);
      return (res.json() as { id: number }).id;
    };
    const monitor = async (id: number) =>
      (await h.call('GET', `/api/monitors/${id}`)).json() as {
        current_status: string;
        consecutive_failures: number;
        last_checked_at: string | null;
        last_status_code: number | null;
      };

    test('failures are retried before down; the first success is up again', async () => {
      const id = await create({
        name: 'flaky',
        url: `${target.origin}/x?status=503`,
        check_interval_seconds: 1,
        retry_count: 2,
        retry_interval_seconds: 1,
      });
      await waitFor('down', async () => (of(id, 'monitor.status_changed').length > 0 ? true : undefined));
      const results = of(id, 'monitor.check_result');
      // Two retries keep the previous state (pending); the third failure turns it down.
      assert.deepEqual(
        results.slice(0, 3).map((r) => [r.status, r.prev_status]),
        [
          ['down', 'pending'],
          ['down', 'pending'],
          ['down', 'pending'],
        ],
      );
      assert.deepEqual(
        of(id, 'monitor.status_changed').map((c) => [c.prev_status, c.status]),
        [['pending', 'down']],
      );
      const m = await waitFor('stored state', async () => {
        const v = await monitor(id);
        return v.current_status === 'down' ? v : undefined;
      });
      assert.ok(m.consecutive_failures >= 3);
      assert.equal(m.last_status_code, 503);
      const stored = await resultsOf(h, id);
      assert.equal(stored.at(-1)!.error, 'expected status 2xx, got 503');

      await h.call('PATCH', `/api/monitors/${id}`, { url: `${target.origin}/fine` });
      await waitFor('up', async () => (of(id, 'monitor.status_changed').length > 1 ? true : undefined));
      assert.deepEqual(of(id, 'monitor.status_changed')[1]!.status, 'up');
      const up = await waitFor('stored up', async () => {
        const v = await monitor(id);
        return v.current_status === 'up' ? v : undefined;
      });
      assert.equal(up.consecutive_failures, 0);
      await h.call('DELETE', `/api/monitors/${id}`);
    });

    test('pause stops checks, resume is pending and checks at once, check-now leaves the schedule alone', async () => {
      const id = await create({ name: 'actions', url: `${target.origin}/ok`, check_interval_seconds: 3600 });
      await waitFor('first check', async () =>
        of(id, 'monitor.check_result').length === 1 ? true : undefined,
      );
      const due = h.server.ctx.engine.dueOf(id);
      assert.ok(due !== null && due > Date.now() + 3_000_000);

      const now = await h.call('POST', `/api/monitors/${id}/check-now`);
      assert.equal(now.statusCode, 202);
      assert.equal((now.json() as { monitor_id: number }).monitor_id, id);
      await waitFor('check-now result', async () =>
        of(id, 'monitor.check_result').length === 2 ? true : undefined,
      );
      assert.equal(h.server.ctx.engine.dueOf(id), due);
      assert.equal((await resultsOf(h, id)).length, 2);

      const paused = await h.call('POST', `/api/monitors/${id}/pause`);
      assert.equal(paused.statusCode, 200);
      assert.equal((paused.json() as { current_status: string }).current_status, 'paused');
      assert.equal(h.server.ctx.engine.dueOf(id), null);
      const refused = await h.call('POST', `/api/monitors/${id}/check-now`);
      assert.equal(refused.statusCode, 409);
      assert.equal((refused.json() as { code: string }).code, 'monitor_paused');
      assert.equal((await monitor(id)).current_status, 'paused');

      const resumed = await h.call('POST', `/api/monitors/${id}/resume`);
      assert.equal(resumed.statusCode, 200);
      assert.equal((resumed.json() as { current_status: string }).current_status, 'pending');
      const changes = await waitFor('resumed check', async () => {
        const c = of(id, 'monitor.check_result');
        return c.length === 3 ? c : undefined;
      });
      assert.deepEqual([changes[2]!.prev_status, changes[2]!.status], ['pending', 'up']);
      assert.equal((await h.call('POST', '/api/monitors/424242/check-now')).statusCode, 404);
      await h.call('DELETE', `/api/monitors/${id}`);
    });

    test('a hanging target is cut at its timeout and delays no other monitor', async () => {
      const hang = await create({
        name: 'hang',
        url: `${target.origin}/hang`,
        check_interval_seconds: 3,
        timeout_seconds: 3,
        retry_count: 0,
      });
      const fast = await create({ name: 'fast', url: `${target.origin}/fast`, check_interval_seconds: 1 });
      const first = await waitFor('hang result', async () => of(hang, 'monitor.check_result')[0]);
      assert.equal(first.status, 'down');
      // While the hanging check waited out its timeout, the other monitor kept its 1 s rhythm.
      const fastBefore = of(fast, 'monitor.check_result').filter((r) => r.result_id < first.result_id);
      assert.ok(fastBefore.length >= 2, `fast checks before the hang finished: ${fastBefore.length}`);
      const stored = await resultsOf(h, hang);
      assert.equal(stored.at(-1)!.error, 'timeout after 3000 ms');
      await h.call('DELETE', `/api/monitors/${hang}`);
      await h.call('DELETE', `/api/monitors/${fast}`);
    });
  });
}
