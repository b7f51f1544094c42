import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import {
  addLocations,
  assignLocations,
  type CheckResultEvent,
  collect,
  drained,
  monitorRow,
  statesOf,
  toInbox,
  vote,
} from './rig.js';

const databases = await testDatabases();
const postgres = databases.find((t) => t.name === 'postgres')!;

/** A target whose answer the test flips between 200 and 500. */
async function flippable() {
  const state = { status: 200 };
  const server: Server = createServer((_req, res) => {
    res.writeHead(state.status);
    res.end(state.status === 200 ? 'ok' : 'broken');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

for (const target of databases) {
  describe(`locations and the engine's lifecycle on ${target.name}`, { skip: target.skip }, () => {
    test('a restart keeps each location’s state, and drains what came in while it was down', async () => {
      const site = await flippable();
      const db = await target.create();
      let h: Harness | undefined;
      try {
        h = await startHarness(target, {}, db);
        await addLocations(h);
        const m = await h.call('POST', '/api/monitors', {
          name: 'api',
          url: site.url,
          check_interval_seconds: 3600,
          retry_count: 1,
        });
        const id = m.json().id as number;
        await waitFor('the first check', async () =>
          (await monitorRow(h!, id)).current_status === 'up' ? true : undefined,
        );
        await assignLocations(h, id, ['eu', 'us', 'asia']);
        await vote(h, id, [
          { loc: 'eu', status: 'up' },
          { loc: 'us', status: 'up' },
          { loc: 'asia', status: 'up' },
          // One failure each at eu and us: with retry_count 1, both are retrying, not down.
          { loc: 'eu', status: 'down' },
          { loc: 'us', status: 'down' },
        ]);
        const before = await statesOf(h, id);
        assert.deepEqual(
          [before.eu!.status, before.eu!.failures, before.us!.status, before.us!.failures],
          ['up', 1, 'up', 1],
        );
        assert.equal((await monitorRow(h, id)).current_status, 'up');
        // The engine stops; probes' results keep arriving (the API stores them in the inbox).
        await h.server.ctx.engine.stop();
        await toInbox(h, id, [
          { loc: 'eu', status: 'down' },
          { loc: 'us', status: 'down' },
        ]);
        await h.close();

        h = await startHarness(target, {}, db);
        // Nobody announces them: taking the shards drains them. Their second failures in a row
        // make both down only because the first ones were kept.
        await drained(h, id);
        const after = await statesOf(h, id);
        assert.deepEqual(
          [after.eu!.status, after.eu!.failures, after.us!.status, after.us!.failures, after.asia!.status],
          ['down', 2, 'down', 2, 'up'],
        );
        assert.equal((await monitorRow(h, id)).current_status, 'down');
        const incidents = await h.server.ctx.db
          .selectFrom('incidents')
          .selectAll()
          .where('monitor_id', '=', id)
          .execute();
        assert.equal(incidents.length, 1);
        assert.deepEqual(JSON.parse(incidents[0]!.locations!), ['eu', 'us']);
      } finally {
        await h?.stop();
        if (!h) await db.cleanup();
        await site.close();
      }
    });

    test('with `local` listed, this instance checks too and its results count as one location', async () => {
      const site = await flippable();
      const h = await startHarness(target);
      try {
        await addLocations(h);
        const ev = collect(h);
        const plain = await h.call('POST', '/api/monitors', {
          name: 'plain',
          url: site.url,
          check_interval_seconds: 3600,
        });
        const m = await h.call('POST', '/api/monitors', {
          name: 'both',
          url: site.url,
          check_interval_seconds: 3600,
          retry_count: 0,
        });
        const id = m.json().id as number;
        await waitFor('the first checks', async () =>
          (await monitorRow(h, id)).current_status === 'up' &&
          (await monitorRow(h, plain.json().id)).current_status === 'up'
            ? true
            : undefined,
        );
        // A local-only monitor's events name `local` and carry no per-location list.
        const [plainEvent] = ev.of<CheckResultEvent>('monitor.check_result', plain.json().id);
        assert.equal(plainEvent!.location_id, 'local');
        assert.equal('locations' in plainEvent!, false);

        await assignLocations(h, id, ['local', 'eu']);
        assert.notEqual(h.server.ctx.engine.dueOf(id), null, 'still scheduled here');
        await vote(h, id, [{ loc: 'eu', status: 'down' }]);
        // Two online locations: a majority is both. eu alone does not make it down.
        assert.equal((await monitorRow(h, id)).current_status, 'up');
        site.state.status = 500;
        assert.equal((await h.call('POST', `/api/monitors/${id}/check-now`)).statusCode, 202);
        await waitFor('down by quorum', async () =>
          (await monitorRow(h, id)).current_status === 'down' ? true : undefined,
        );
        const states = await statesOf(h, id);
        assert.deepEqual([states.local!.status, states.eu!.status], ['down', 'down']);
        const local = await h.server.ctx.db
          .selectFrom('check_results')
          .select(['location_id', 'status'])
          .where('monitor_id', '=', id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(local, { location_id: null, status: 0 }, 'local results are stored as null');
        await waitFor('the local event', async () =>
          ev
            .of<CheckResultEvent>('monitor.check_result', id)
            .some((e) => e.status === 'down' && e.location_id === 'local')
            ? true
            : undefined,
        );
        const last = ev
          .of<CheckResultEvent>('monitor.check_result', id)
          .filter((e) => e.location_id === 'local')
          .at(-1)!;
        assert.deepEqual(
          last.locations!.map((s) => [s.location_id, s.status, s.counted]),
          [
            ['local', 'down', true],
            ['eu', 'down', true],
          ],
        );
        const [incident] = await h.server.ctx.db
          .selectFrom('incidents')
          .selectAll()
          .where('monitor_id', '=', id)
          .execute();
        assert.deepEqual(JSON.parse(incident!.locations!), ['local', 'eu']);
        ev.stop();

        // Taken off `local`: no longer scheduled here, and check-now has nothing to run.
        await assignLocations(h, id, ['eu', 'us']);
        assert.equal(h.server.ctx.engine.dueOf(id), null);
        assert.equal(h.server.ctx.engine.checkNow(id), false);
      } finally {
        await h.stop();
        await site.close();
      }
    });
  });
}

describe('two engines on one PostgreSQL', { skip: postgres.skip }, () => {
  test('probe results reaching the instance that does not own the monitor are judged by its owner', async () => {
    const site = await flippable();
    const db = await postgres.create();
    let a: Harness | undefined;
    let b: Harness | undefined;
    try {
      // Changes poll once a minute here: what happens within seconds came by a notice.
      a = await startHarness(postgres, { pollMs: 60_000 }, db);
      b = await startHarness(postgres, { pollMs: 60_000 }, db);
      const ea = a.server.ctx.engine;
      const eb = b.server.ctx.engine;
      await waitFor('an even split', async () =>
        ea.stats().shards === 32 && eb.stats().shards === 32 ? true : undefined,
      );
      await addLocations(a);
      await b.server.ctx.locations.refresh();
      // Monitors until one lands in a shard B owns.
      let ofB = 0;
      for (let i = 0; i < 64 && !ofB; i++) {
        const m = await a.call('POST', '/api/monitors', {
          name: `m${i}`,
          url: site.url,
          check_interval_seconds: 3600,
          retry_count: 0,
        });
        const id = m.json().id as number;
        if (eb.leases.owned.has(id % 64)) ofB = id;
      }
      assert.ok(ofB, 'one monitor is B’s');
      await waitFor('its first check', async () =>
        (await monitorRow(a!, ofB)).current_status === 'up' ? true : undefined,
      );
      await assignLocations(a, ofB, ['eu', 'us', 'asia']);
      await waitFor('B applies the locations', async () => (eb.dueOf(ofB) === null ? true : undefined));
      const onA = collect(a);
      const onB = collect(b);
      await toInbox(a, ofB, [
        { loc: 'eu', status: 'down' },
        { loc: 'us', status: 'down' },
      ]);
      ea.inboxArrived([ofB]);
      await drained(a, ofB);
      assert.equal((await monitorRow(a, ofB)).current_status, 'down');
      await waitFor('B’s events', async () =>
        onB.of('monitor.check_result', ofB).length >= 2 ? true : undefined,
      );
      assert.deepEqual(
        onB.of<CheckResultEvent>('monitor.check_result', ofB).map((e) => e.location_id),
        ['eu', 'us'],
      );
      assert.equal(onA.of('monitor.check_result', ofB).length, 0, 'A judged nothing');
      onA.stop();
      onB.stop();
      const states = await statesOf(a, ofB);
      assert.deepEqual(
        [states.eu!.status, states.us!.status, states.asia!.status],
        ['down', 'down', 'pending'],
      );
    } finally {
      await b?.close();
      await a?.close();
      await db.cleanup();
      await site.close();
    }
  });
});
