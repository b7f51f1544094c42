import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type BusEvent, EventBus } from '../../src/platform/events/event-bus.js';

describe('EventBus ids across instances (hybrid logical clock)', () => {
  test('a remote event moves the clock past its id; the backlog keeps id order', () => {
    let now = 1_000;
    const bus = new EventBus({ now: () => now });
    const first = bus.publish('x', 1);
    assert.equal(first.id, 1_000_000);
    // The same millisecond: the next id is one more, not the clock again.
    assert.equal(bus.publish('x', 2).id, 1_000_001);
    // Another instance's clock is ahead: its event moves ours past it.
    bus.receive({ id: 5_000_000, event: 'x', data: 'remote' });
    assert.equal(bus.publish('x', 3).id, 5_000_001);
    // A late remote event with an older id goes to its place in the backlog.
    bus.receive({ id: 1_000_005, event: 'x', data: 'late' });
    assert.deepEqual(
      bus.since(0).map((e) => e.id),
      [1_000_000, 1_000_001, 1_000_005, 5_000_000, 5_000_001],
    );
    assert.deepEqual(
      bus.resume(1_000_001).events.map((e) => e.data),
      ['late', 'remote', 3],
    );
    now = 6_000;
    assert.equal(bus.publish('x', 4).id, 6_000_000);
  });

  test('taps see only local events; listeners see both; a gap resyncs streams and old resumes', () => {
    const bus = new EventBus();
    const tapped: BusEvent[] = [];
    const heard: BusEvent[] = [];
    bus.tap((e) => tapped.push(e));
    bus.subscribe((e) => heard.push(e));
    const local = bus.publish('x', 'here');
    bus.receive({ id: local.id + 10, event: 'x', data: 'there' });
    assert.deepEqual(
      tapped.map((e) => e.data),
      ['here'],
    );
    assert.deepEqual(
      heard.map((e) => e.data),
      ['here', 'there'],
    );
    assert.equal(bus.resume(local.id).complete, true);
    bus.gap();
    assert.deepEqual(heard.at(-1), { id: bus.lastId, event: 'resync', data: { reason: 'events_missed' } });
    // Remote events published during the gap are lost here: no resume from before it is complete.
    assert.equal(bus.resume(local.id).complete, false);
    assert.equal(bus.resume(bus.lastId).complete, true);
    // A duplicate delivery of an event already kept is not kept twice.
    const before = bus.since(0).length;
    bus.receive({ id: local.id + 10, event: 'x', data: 'there' });
    assert.equal(bus.since(0).length, before);
  });
});
