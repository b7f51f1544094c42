import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { BusEvent } from '../../src/platform/events/event-bus.js';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { type Harness, startHarness, waitFor } from './harness.js';

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;

describe('two engines on one PostgreSQL', { skip: postgres.skip }, () => {
  test('split the shards and never check one monitor twice', async () => {
    const target: HttpTarget = await startHttpTarget();
    const db = await postgres.create();
    let a: Harness | undefined;
    let b: Harness | undefined;
    try {
      a = await startHarness(postgres, {}, db);
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) {
        const res = await a.call('POST', '/api/monitors', {
          name: `m${i}`,
          url: `${target.origin}/ok?i=${i}`,
          check_interval_seconds: 1,
        });
        ids.push((res.json() as { id: number }).id);
      }
      assert.equal(a.server.ctx.engine.stats().shards, 64);
      b = await startHarness(postgres, {}, db);
      const ea = a.server.ctx.engine;
      const eb = b.server.ctx.engine;
      await waitFor('an even split', async () =>
        ea.stats().shards === 32 && eb.stats().shards === 32 ? true : undefined,
      );
      const owned = [...ea.leases.owned, ...eb.leases.owned];
      assert.equal(new Set(owned).size, 64);

      // From here on, each monitor is checked by exactly one of them. Each bus hears the other's
      // events too (the relay): a tap sees only the events made on its own instance.
      const seen = { a: new Set<number>(), b: new Set<number>() };
      const listen = (set: Set<number>) => (e: BusEvent) => {
        if (e.event === 'monitor.check_result') set.add((e.data as { monitor_id: number }).monitor_id);
      };
      const offA = a.server.ctx.bus.tap(listen(seen.a));
      const offB = b.server.ctx.bus.tap(listen(seen.b));
      await waitFor('every monitor checked', async () =>
        seen.a.size + seen.b.size >= ids.length ? true : undefined,
      );
      await new Promise((r) => setTimeout(r, 1500));
      offA();
      offB();
      assert.deepEqual(
        [...seen.a].filter((id) => seen.b.has(id)),
        [],
      );
      assert.deepEqual(
        [...seen.a, ...seen.b].sort((x, y) => x - y),
        ids,
      );
      for (const id of seen.a) assert.ok(ea.leases.owned.has(id % 64));
      for (const id of seen.b) assert.ok(eb.leases.owned.has(id % 64));

      // A check-now through B for a monitor A owns is run by A (it polls check_requested_at).
      const ofA = ids.find((id) => ea.leases.owned.has(id % 64))!;
      await b.call('PATCH', `/api/monitors/${ofA}`, { check_interval_seconds: 3600, timeout_seconds: 5 });
      // A notice applies it at once; on a machine loaded enough to stall both engines it can take a while.
      await waitFor(
        'A applies the change',
        async () => {
          const due = ea.dueOf(ofA);
          return due !== null && due > Date.now() + 1_000_000 ? true : undefined;
        },
        30_000,
      );
      const checkedByA: number[] = [];
      const off = a.server.ctx.bus.tap((e) => {
        if (e.event === 'monitor.check_result' && (e.data as { monitor_id: number }).monitor_id === ofA) {
          checkedByA.push(e.id);
        }
      });
      assert.equal((await b.call('POST', `/api/monitors/${ofA}/check-now`)).statusCode, 202);
      await waitFor('A runs the check', async () => (checkedByA.length > 0 ? true : undefined));
      off();

      // A heartbeat ping reaching the instance that does not own the monitor is recorded there,
      // and the owner adopts it (restarting its silence clock).
      const hb = (
        await a.call('POST', '/api/monitors', {
          name: 'cron',
          monitor_type: 'heartbeat',
          check_interval_seconds: 3600,
        })
      ).json() as { id: number; heartbeat_token: string };
      const [owner, other] = ea.leases.owned.has(hb.id % 64) ? [a, b] : [b, a];
      await waitFor('owner schedules it', async () =>
        owner.server.ctx.engine.dueOf(hb.id) ? true : undefined,
      );
      const dueBefore = owner.server.ctx.engine.dueOf(hb.id)!;
      await new Promise((r) => setTimeout(r, 20));
      const ping = await other.server.app.inject({
        method: 'GET',
        url: `/api/heartbeat/${hb.heartbeat_token}`,
      });
      assert.deepEqual(ping.json(), { ok: true, recorded: true });
      const status = (await owner.call('GET', `/api/monitors/${hb.id}`)).json() as { current_status: string };
      assert.equal(status.current_status, 'up');
      await waitFor('owner adopts the ping', async () =>
        owner.server.ctx.engine.dueOf(hb.id)! > dueBefore ? true : undefined,
      );

      // When B stops, it gives its shards back and A takes them all.
      await b.close();
      await waitFor('A holds every shard', async () => (ea.stats().shards === 64 ? true : undefined));
    } finally {
      await b?.close();
      await a?.close();
      await db.cleanup();
      await target.close();
    }
  });
});
