import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { EventBus } from '../../src/platform/events/event-bus.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { openSse } from '../engine/sse-client.js';

const [sqlite] = await testDatabases();

describe('EventBus.resume', () => {
  test('complete only while the backlog reaches back to the id', () => {
    const bus = new EventBus({ backlog: 3 });
    const ids = [1, 2, 3, 4, 5].map((n) => bus.publish('x', n).id);
    // The backlog holds ids[2..4]: resuming after ids[1] misses nothing.
    assert.deepEqual(bus.resume(ids[1]!), { events: bus.since(ids[1]!), complete: true });
    assert.equal(bus.resume(ids[1]!).events.length, 3);
    // After ids[0], ids[1] was dropped: incomplete.
    assert.equal(bus.resume(ids[0]!).complete, false);
    assert.equal(bus.resume(ids[4]!).complete, true);
    assert.deepEqual(bus.resume(ids[4]!).events, []);
    // An id never issued here (another instance, or a restart) is not trusted either.
    assert.equal(bus.resume(ids[4]! + 10).complete, false);
    assert.equal(new EventBus().resume(5).complete, false);
  });
});

describe('GET /api/sse/dashboard with a stale Last-Event-ID', () => {
  let h: Harness;
  let base: string;
  before(async () => {
    h = await startHarness(sqlite!);
    base = await h.listen();
  });
  after(async () => h?.stop());

  const open = (lastEventId: string) =>
    openSse(`${base}/api/sse/dashboard`, {
      authorization: `Bearer ${h.viewer}`,
      'last-event-id': lastEventId,
    });

  for (const [what, id] of [
    ['older than the backlog', () => '1'],
    ['from another instance or before a restart', () => String(h.server.ctx.bus.lastId + 1_000_000)],
    ['not a number', () => 'abc'],
  ] as const) {
    test(`${what}: a resync event comes first, then live events`, async () => {
      const sse = await open(id());
      const [resync] = await sse.waitForEvents(1);
      assert.equal(resync!.event, 'resync');
      assert.deepEqual(JSON.parse(resync!.data), { reason: 'events_missed' });
      assert.equal(resync!.id, String(h.server.ctx.bus.lastId));
      h.server.ctx.bus.publish('monitor.test', { n: 1 });
      const [, live] = await sse.waitForEvents(2);
      assert.equal(live!.event, 'monitor.test');
      sse.close();
    });
  }

  test('an id the backlog still covers replays without resync', async () => {
    const from = h.server.ctx.bus.publish('monitor.test', { n: 2 }).id;
    h.server.ctx.bus.publish('monitor.test', { n: 3 });
    const sse = await open(String(from));
    const [first] = await sse.waitForEvents(1);
    assert.equal(first!.event, 'monitor.test');
    assert.deepEqual(JSON.parse(first!.data), { n: 3 });
    sse.close();
  });
});
