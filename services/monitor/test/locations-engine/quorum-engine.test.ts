import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';
import {
  addLocations,
  assignLocations,
  type CheckResultEvent,
  collect,
  drained,
  monitorRow,
  setOnline,
  statesOf,
  toInbox,
  vote,
} from './rig.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const target of await testDatabases()) {
  describe(`the quorum of locations on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let site: HttpTarget;
    let hook: HttpReceiver;
    let id: number;
    before(async () => {
      h = await startHarness(target);
      site = await startHttpTarget();
      hook = await HttpReceiver.start();
      await addLocations(h);
      const ch = await h.call('POST', '/api/channels', {
        name: 'hook',
        type: 'webhook',
        config: { url: `${hook.url}/alerts` },
      });
      assert.equal(ch.statusCode, 201, ch.body);
      const m = await h.call('POST', '/api/monitors', {
        name: 'shop',
        url: `${site.origin}/ok`,
        check_interval_seconds: 3600,
        retry_count: 0,
        channel_ids: [ch.json().id],
      });
      assert.equal(m.statusCode, 201, m.body);
      id = m.json().id;
      // Its first (local) check, then it runs from three probes only.
      await waitFor('the first check', async () =>
        (await monitorRow(h, id)).current_status === 'up' ? true : undefined,
      );
      await assignLocations(h, id, ['eu', 'us', 'asia']);
    });
    after(async () => {
      await h.stop();
      await site.close();
      await hook.close();
    });

    const incidents = async () =>
      h.server.ctx.db
        .selectFrom('incidents')
        .selectAll()
        .where('monitor_id', '=', id)
        .orderBy('id')
        .execute();

    test('one location of three down keeps the monitor up and marks that location', async () => {
      const ev = collect(h);
      await vote(h, id, [
        { loc: 'eu', status: 'down' },
        { loc: 'us', status: 'up' },
        { loc: 'asia', status: 'up' },
      ]);
      assert.equal((await monitorRow(h, id)).current_status, 'up');
      const states = await statesOf(h, id);
      assert.deepEqual(
        Object.fromEntries(Object.entries(states).map(([k, s]) => [k, [s.status, s.failures]])),
        { eu: ['down', 1], us: ['up', 0], asia: ['up', 0] },
      );
      assert.equal(states.eu!.last_error, 'HTTP 503');
      // Each result is stored with its location.
      const rows = await h.server.ctx.db
        .selectFrom('check_results')
        .select(['location_id', 'status'])
        .where('monitor_id', '=', id)
        .where('location_id', 'is not', null)
        .orderBy('id')
        .execute();
      assert.deepEqual(rows, [
        { location_id: 'eu', status: 0 },
        { location_id: 'us', status: 1 },
        { location_id: 'asia', status: 1 },
      ]);
      await waitFor('three events', async () =>
        ev.of('monitor.check_result', id).length >= 3 ? true : undefined,
      );
      ev.stop();
      const events = ev.of<CheckResultEvent>('monitor.check_result', id);
      assert.deepEqual(
        events.map((e) => [e.location_id, e.status, e.monitor_status]),
        [
          ['eu', 'down', 'up'],
          ['us', 'up', 'up'],
          ['asia', 'up', 'up'],
        ],
      );
      const last = events[2]!.locations!;
      assert.deepEqual(
        last.map((s) => [s.location_id, s.status, s.counted, s.last_error]),
        [
          ['eu', 'down', true, 'HTTP 503'],
          ['us', 'up', true, null],
          ['asia', 'up', true, null],
        ],
      );
      assert.equal(typeof last[0]!.last_checked_at, 'string');
      assert.equal(ev.of('monitor.status_changed', id).length, 0);
      assert.equal((await incidents()).length, 0);
    });

    test('two of three down make it down: one incident naming both, one alert naming them', async () => {
      const ev = collect(h);
      await vote(h, id, [{ loc: 'us', status: 'down' }]);
      assert.equal((await monitorRow(h, id)).current_status, 'down');
      const list = await incidents();
      assert.equal(list.length, 1);
      assert.deepEqual(JSON.parse(list[0]!.locations!), ['eu', 'us']);
      const [alert] = await hook.waitFor(1);
      const body = JSON.parse(alert!.body);
      assert.equal(body.event, 'monitor.down');
      assert.deepEqual(body.locations, [
        { id: 'eu', name: 'Europe' },
        { id: 'us', name: 'US East' },
      ]);
      assert.deepEqual(body.incident.locations, ['eu', 'us']);
      await waitFor('the status event', async () =>
        ev.of('monitor.status_changed', id).length > 0 ? true : undefined,
      );
      ev.stop();
      const [changed] = ev.of<{ status: string; locations: CheckResultEvent['locations'] }>(
        'monitor.status_changed',
        id,
      );
      assert.equal(changed!.status, 'down');
      assert.deepEqual(
        changed!.locations!.map((s) => s.status),
        ['down', 'down', 'up'],
      );
      // The incident's API shape carries them too.
      const opened = ev.of<{ locations: string[] }>('incident.opened', id);
      assert.deepEqual(
        opened.map((i) => i.locations),
        [['eu', 'us']],
      );

      // More failures from the same locations: still one incident, one alert.
      await vote(h, id, [
        { loc: 'eu', status: 'down' },
        { loc: 'us', status: 'down' },
      ]);
      await settle(500);
      assert.equal((await incidents()).length, 1);
      assert.equal(hook.requests.filter((r) => JSON.parse(r.body).event === 'monitor.down').length, 1);
    });

    test('a third location seeing it down joins the open incident', async () => {
      await vote(h, id, [{ loc: 'asia', status: 'down' }]);
      const [open] = await incidents();
      assert.equal(open!.resolved_at, null);
      assert.deepEqual(JSON.parse(open!.locations!), ['eu', 'us', 'asia']);
    });

    test('recovery: a majority up again resolves the incident, with one recovery alert', async () => {
      await vote(h, id, [
        { loc: 'eu', status: 'up' },
        { loc: 'us', status: 'up' },
      ]);
      assert.equal((await monitorRow(h, id)).current_status, 'up');
      const [inc] = await incidents();
      assert.notEqual(inc!.resolved_at, null);
      const reqs = await hook.waitFor(2);
      const up = JSON.parse(reqs[1]!.body);
      assert.equal(up.event, 'monitor.up');
      assert.equal(up.incident.status, 'resolved');
      assert.deepEqual(up.incident.locations, ['eu', 'us', 'asia']);
      await vote(h, id, [{ loc: 'asia', status: 'up' }]);
      const states = await statesOf(h, id);
      assert.deepEqual(
        Object.values(states).map((s) => s.status),
        ['up', 'up', 'up'],
      );
    });

    test('an offline location is not counted and never makes the monitor down', async () => {
      await setOnline(h, 'asia', false);
      const ev = collect(h);
      try {
        // asia offline: eu and us are counted, a majority of 2 is 2; asia's and eu's down votes
        // are one counted vote.
        await vote(h, id, [
          { loc: 'asia', status: 'down' },
          { loc: 'eu', status: 'down' },
        ]);
        assert.equal((await monitorRow(h, id)).current_status, 'up');
        const states = await statesOf(h, id);
        assert.equal(states.asia!.status, 'down', 'its result is still stored and judged');
        await waitFor('two events', async () =>
          ev.of('monitor.check_result', id).length >= 2 ? true : undefined,
        );
        const last = ev.of<CheckResultEvent>('monitor.check_result', id).at(-1)!;
        assert.deepEqual(
          last.locations!.map((s) => [s.location_id, s.status, s.counted]),
          [
            ['eu', 'down', true],
            ['us', 'up', true],
            ['asia', 'down', false],
          ],
        );
        assert.equal((await incidents()).length, 1, 'no new incident');
        // The online set of the next result decides: both counted ones down is down.
        await vote(h, id, [{ loc: 'us', status: 'down' }]);
        assert.equal((await monitorRow(h, id)).current_status, 'down');
        const list = await incidents();
        assert.equal(list.length, 2);
        assert.deepEqual(JSON.parse(list[1]!.locations!), ['eu', 'us'], 'asia was not counted');
        await vote(h, id, [
          { loc: 'eu', status: 'up' },
          { loc: 'us', status: 'up' },
          { loc: 'asia', status: 'up' },
        ]);
        assert.equal((await monitorRow(h, id)).current_status, 'up');
      } finally {
        ev.stop();
        await setOnline(h, 'asia', true);
      }
    });

    test('a drained result is gone: announced twice or polled, it is stored once', async () => {
      const at = Date.now() + 5;
      const [row] = await toInbox(h, id, [{ loc: 'eu', status: 'up', at }]);
      // Announced twice at once, and the change poll drains too.
      h.server.ctx.engine.inboxArrived([id]);
      h.server.ctx.engine.inboxArrived([id, id]);
      await drained(h, id);
      await settle(600); // a few polls
      const stored = await h.server.ctx.db
        .selectFrom('check_results')
        .select(['id', 'checked_at'])
        .where('monitor_id', '=', id)
        .where('location_id', '=', 'eu')
        .where('checked_at', '>=', at)
        .execute();
      assert.equal(stored.length, 1);
      const left = await h.server.ctx.db
        .selectFrom('probe_inbox')
        .select('id')
        .where('id', '=', row!)
        .execute();
      assert.deepEqual(left, []);
      // The same result posted twice is two rows, and so two results (batch ids keep replays out).
      await toInbox(h, id, [
        { loc: 'us', status: 'up', at: at + 10 },
        { loc: 'us', status: 'up', at: at + 10 },
      ]);
      await drained(h, id); // no announcement: the change poll finds them
      const twice = await h.server.ctx.db
        .selectFrom('check_results')
        .select('checked_at')
        .where('monitor_id', '=', id)
        .where('location_id', '=', 'us')
        .where('checked_at', '>=', at + 10)
        .orderBy('checked_at')
        .execute();
      // Per (monitor, location) times are strictly increasing: the second is 1 ms later.
      assert.deepEqual(
        twice.map((r) => r.checked_at),
        [at + 10, at + 11],
      );
    });

    test('a time stored in the future does not hold later results after it', async () => {
      await assignLocations(h, id, ['eu', 'us', 'asia']);
      // A result stored in 2035 before probes' times were checked (issue 29).
      const future = Date.parse('2035-11-27T02:29:29.355Z');
      await vote(h, id, [{ loc: 'us', status: 'up', at: future }]);
      assert.equal((await monitorRow(h, id)).last_checked_at, future);
      const now = Date.now();
      await vote(h, id, [
        { loc: 'us', status: 'up', at: now },
        { loc: 'us', status: 'up', at: now + 5 },
      ]);
      const stored = await h.server.ctx.db
        .selectFrom('check_results')
        .select('checked_at')
        .where('monitor_id', '=', id)
        .where('location_id', '=', 'us')
        .where('checked_at', '>=', now)
        .orderBy('checked_at')
        .execute();
      assert.deepEqual(
        stored.map((r) => r.checked_at),
        [now, now + 5, future],
      );
      assert.equal((await monitorRow(h, id)).last_checked_at, now + 5);
      assert.equal((await statesOf(h, id)).us!.last_checked_at, now + 5);
    });

    test('results for a location the monitor no longer uses are dropped from the inbox', async () => {
      await assignLocations(h, id, ['eu', 'us', 'asia']);
      const before = await h.server.ctx.db
        .selectFrom('check_results')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('monitor_id', '=', id)
        .executeTakeFirstOrThrow();
      await addLocations(h, [{ id: 'mars', name: 'Mars' }]);
      await vote(h, id, [{ loc: 'mars', status: 'down' }]);
      const afterCount = await h.server.ctx.db
        .selectFrom('check_results')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('monitor_id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(afterCount.n), Number(before.n));
      assert.equal((await monitorRow(h, id)).current_status, 'up');
    });
  });
}
