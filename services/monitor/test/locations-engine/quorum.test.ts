import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decideQuorum, effectiveQuorum, type LocationVote } from '../../src/engine/locations/quorum.js';
import type { LocationVerdict } from '../../src/shared-types/location-shapes.js';

const votes = (...list: Array<[string, LocationVerdict, number?]>): LocationVote[] =>
  list.map(([location_id, status, failures]) => ({
    location_id,
    status,
    failures: failures ?? (status === 'down' ? 3 : 0),
  }));
const allOnline = () => true;
const offline =
  (...ids: string[]) =>
  (id: string) =>
    !ids.includes(id);

describe('effective quorum', () => {
  test('defaults to a majority of the online locations', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((n) => effectiveQuorum(null, n)),
      [1, 2, 2, 3, 3],
    );
  });
  test('a set quorum is capped at the online count; none online decides nothing', () => {
    assert.equal(effectiveQuorum(2, 3), 2);
    assert.equal(effectiveQuorum(3, 2), 2);
    assert.equal(effectiveQuorum(1, 5), 1);
    assert.equal(effectiveQuorum(2, 0), 0);
  });
});

describe('decideQuorum', () => {
  test('one of three down keeps the monitor up; two of three make it down', () => {
    const one = decideQuorum(votes(['local', 'up'], ['eu', 'down'], ['us', 'up']), allOnline, null);
    assert.deepEqual(one, { status: 'up', counted: 3, q: 2, failures: 0 });
    const two = decideQuorum(votes(['local', 'up'], ['eu', 'down', 4], ['us', 'down', 2]), allOnline, null);
    assert.deepEqual(two, { status: 'down', counted: 3, q: 2, failures: 2 });
  });

  test('a quorum of 1 lets any single location decide', () => {
    const d = decideQuorum(votes(['eu', 'down'], ['us', 'up'], ['asia', 'up']), allOnline, 1);
    assert.equal(d.status, 'down');
  });

  test('degraded when q locations are degraded or down, but fewer than q are down', () => {
    const d = decideQuorum(votes(['eu', 'down'], ['us', 'degraded'], ['asia', 'up']), allOnline, null);
    assert.equal(d.status, 'degraded');
    const up = decideQuorum(votes(['eu', 'degraded'], ['us', 'up'], ['asia', 'up']), allOnline, null);
    assert.equal(up.status, 'up');
  });

  test('only pending verdicts (or none online) decide nothing', () => {
    assert.equal(decideQuorum(votes(['eu', 'pending'], ['us', 'pending']), allOnline, null).status, null);
    const none = decideQuorum(votes(['eu', 'down'], ['us', 'down']), offline('eu', 'us'), null);
    assert.deepEqual(none, { status: null, counted: 0, q: 0, failures: 0 });
  });

  test('a location that cannot run the type is not counted: the quorum is capped at those that can', () => {
    // eu has no Chromium: it is never assigned the browser monitor and stays pending.
    const runs = (id: string, type?: string) => !(id === 'eu' && type === 'browser');
    const d = decideQuorum(votes(['eu', 'pending'], ['us', 'down']), runs, 2, 'browser');
    assert.deepEqual(d, { status: 'down', counted: 1, q: 1, failures: 3 });
    // The same votes on a type eu runs: it counts, and one down of a quorum of 2 decides nothing.
    assert.equal(decideQuorum(votes(['eu', 'pending'], ['us', 'down']), runs, 2, 'http_get').status, null);
    // No location runs it: nothing is decided, the monitor keeps its status.
    const none = decideQuorum(votes(['eu', 'pending']), runs, null, 'browser');
    assert.deepEqual(none, { status: null, counted: 0, q: 0, failures: 0 });
  });

  test('an offline location is not counted and can never make a monitor down', () => {
    // eu is offline: of the two counted, one is down, a majority of 2 is 2: up.
    const d = decideQuorum(votes(['eu', 'down'], ['us', 'down'], ['local', 'up']), offline('eu'), null);
    assert.deepEqual(d, { status: 'up', counted: 2, q: 2, failures: 3 - 3 });
    // Even a set quorum of 1: the offline location's down vote is not there.
    assert.equal(decideQuorum(votes(['eu', 'down'], ['local', 'up']), offline('eu'), 1).status, 'up');
    // local is always counted, whatever the online test says.
    assert.equal(decideQuorum(votes(['local', 'down']), () => false, null).status, 'down');
  });

  test('a set quorum above the online count is capped: 3 of 3 with one offline needs both others', () => {
    const d = decideQuorum(votes(['eu', 'down'], ['us', 'down'], ['asia', 'up']), offline('asia'), 3);
    assert.equal(d.q, 2);
    assert.equal(d.status, 'down');
  });

  test('failures is the q-th highest: above zero while q locations are failing', () => {
    const d = decideQuorum(votes(['eu', 'up', 1], ['us', 'up', 1], ['asia', 'up', 0]), allOnline, null);
    assert.equal(d.failures, 1);
    const e = decideQuorum(votes(['eu', 'up', 1], ['us', 'up', 0], ['asia', 'up', 0]), allOnline, null);
    assert.equal(e.failures, 0);
  });
});
