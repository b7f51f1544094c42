import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { BusEvent } from '../../src/platform/events/event-bus.js';
import { type Harness, resultsOf, startHarness, waitFor } from './harness.js';

for (const t of await testDatabases()) {
  describe(`heartbeat (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    let base: string;
    const events: BusEvent[] = [];
    before(async () => {
      h = await startHarness(t);
      base = await h.listen();
      h.server.ctx.bus.subscribe((e) => events.push(e));
    });
    after(() => h.stop());

    const createHeartbeat = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', '/api/monitors', { name: 'job', monitor_type: 'heartbeat', ...body });
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { id: number; heartbeat_token: string };
    };
    const status = async (id: number) =>
      ((await h.call('GET', `/api/monitors/${id}`)).json() as { current_status: string }).current_status;

    test('a ping (GET, POST with any body, HEAD) stores an up result and streams it at once', async () => {
      const m = await createHeartbeat({ check_interval_seconds: 3600 });
      const get = await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`);
      assert.equal(get.status, 200);
      assert.deepEqual(await get.json(), { ok: true, recorded: true });
      // Stored and streamed before the answer.
      const stored = await resultsOf(h, m.id);
      assert.equal(stored.length, 1);
      assert.equal(stored[0]!.status, 'up');
      assert.ok(
        events.some(
          (e) =>
            e.event === 'monitor.check_result' &&
            (e.data as { result_id: number }).result_id === stored[0]!.id,
        ),
      );
      assert.equal(await status(m.id), 'up');

      const post = await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'exit=0&log=done',
      });
      assert.equal(post.status, 200);
      const head = await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal((await resultsOf(h, m.id)).length, 3);

      const unknown = await fetch(`${base}/api/heartbeat/not-a-token`);
      assert.equal(unknown.status, 404);
      assert.equal(((await unknown.json()) as { code: string }).code, 'not_found');
    });

    test('/fail reports down now; a ping brings it back up', async () => {
      const m = await createHeartbeat({ check_interval_seconds: 3600, retry_count: 3 });
      const fail = await fetch(`${base}/api/heartbeat/${m.heartbeat_token}/fail`, { method: 'POST' });
      assert.equal(fail.status, 200);
      assert.equal(await status(m.id), 'down');
      const [r] = await resultsOf(h, m.id);
      assert.equal(r!.status, 'down');
      assert.equal(r!.error, 'the heartbeat client reported a failure');
      await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`);
      assert.equal(await status(m.id), 'up');
    });

    test('silence past interval + grace goes down through the retries', async () => {
      const m = await createHeartbeat({
        check_interval_seconds: 1,
        heartbeat_grace_seconds: 1,
        retry_count: 1,
        retry_interval_seconds: 1,
      });
      await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`);
      const downResults = await waitFor('down', async () => {
        const rows = await resultsOf(h, m.id);
        return rows.filter((x) => x.status === 'down').length >= 2 ? rows : undefined;
      });
      const oldestFirst = [...downResults].reverse();
      assert.equal(oldestFirst[0]!.status, 'up');
      assert.equal(oldestFirst[1]!.error, 'no ping received within 2 s');
      const checks = events
        .filter(
          (e) => e.event === 'monitor.check_result' && (e.data as { monitor_id: number }).monitor_id === m.id,
        )
        .map((e) => e.data as { status: string; prev_status: string });
      // The first silent period is a retry (still up); the second turns it down.
      assert.deepEqual(
        checks.slice(0, 3).map((c) => [c.status, c.prev_status]),
        [
          ['up', 'pending'],
          ['down', 'up'],
          ['down', 'up'],
        ],
      );
      await waitFor('stored down', async () => ((await status(m.id)) === 'down' ? true : undefined));
    });

    test('a heartbeat monitor never pinged stays pending and silent; its first ping starts the clock', async () => {
      const quick = { check_interval_seconds: 1, heartbeat_grace_seconds: 1, retry_count: 0 };
      const never = await createHeartbeat({ ...quick, name: 'not installed yet' });
      // A twin pinged once, on the same schedule: once it is down for silence, the never-pinged
      // one has been through the same periods.
      const twin = await createHeartbeat({ ...quick, name: 'twin' });
      await fetch(`${base}/api/heartbeat/${twin.heartbeat_token}`);
      await waitFor('twin down', async () => ((await status(twin.id)) === 'down' ? true : undefined));
      await waitFor('twin judged twice', async () =>
        (await resultsOf(h, twin.id)).filter((r) => r.status === 'down').length >= 2 ? true : undefined,
      );
      assert.equal(await status(never.id), 'pending');
      assert.deepEqual(await resultsOf(h, never.id), []);
      const incidents = (await h.call('GET', `/api/incidents?monitor_id=${never.id}`)).json() as unknown[];
      assert.deepEqual(incidents, []);
      // From its first ping on it is judged like any other.
      await fetch(`${base}/api/heartbeat/${never.heartbeat_token}`);
      assert.equal(await status(never.id), 'up');
      await waitFor('silent after its first ping', async () =>
        (await status(never.id)) === 'down' ? true : undefined,
      );
    });

    test('pings to a paused monitor are acknowledged but not recorded', async () => {
      const m = await createHeartbeat({ check_interval_seconds: 3600 });
      await h.call('POST', `/api/monitors/${m.id}/pause`);
      const res = await fetch(`${base}/api/heartbeat/${m.heartbeat_token}`);
      assert.deepEqual(await res.json(), { ok: true, recorded: false });
      assert.equal((await resultsOf(h, m.id)).length, 0);
      const checkNow = await h.call('POST', `/api/monitors/${m.id}/check-now`);
      assert.equal(checkNow.statusCode, 409);
      // Resuming gives the client a full period (interval + grace) before silence counts.
      const before = Date.now();
      const resumed = await h.call('POST', `/api/monitors/${m.id}/resume`);
      assert.equal((resumed.json() as { current_status: string }).current_status, 'pending');
      assert.ok(h.server.ctx.engine.dueOf(m.id)! >= before + 3_660_000);
    });
  });
}
