import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LocationView, MonitorLocationState } from '../../src/shared-types/location-shapes.js';
import { offlineText, skewText, skewWarns, verdictClass } from '../../web/src/locations/location-format.js';
import type { LocationsSnapshot } from '../../web/src/locations/location-types.js';
import {
  isCounted,
  isMultiLocation,
  locationBody,
  statesOf,
  stateText,
} from '../../web/src/locations/monitor-locations.js';
import { emptyForm } from '../../web/src/monitors/form-state.js';

const view = (id: string, name: string, status: 'online' | 'offline'): LocationView => ({
  id,
  name,
  region: null,
  is_local: id === 'local',
  status,
  last_seen_at: null,
  version: null,
  skew_ms: null,
  heartbeat_seconds: 10,
  monitor_count: 1,
  config_key: null,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
});
const list = [
  view('local', 'Local', 'online'),
  view('eu', 'Europe', 'online'),
  view('asia', 'Asia', 'offline'),
];
const snap: LocationsSnapshot = {
  list,
  byId: new Map(list.map((l) => [l.id, l])),
  offline: list.filter((l) => l.status === 'offline'),
  loaded: true,
  error: null,
};
const state = (over: Partial<MonitorLocationState>): MonitorLocationState => ({
  location_id: 'eu',
  status: 'up',
  counted: true,
  last_checked_at: '2026-11-24T10:00:00.000Z',
  last_response_time_ms: 40,
  last_error: null,
  ...over,
});

describe('locations in the dashboard: what the dots, banner and form make of the API', () => {
  test('only monitors with more than local alone show locations', () => {
    assert.equal(isMultiLocation({}), false, 'a service without locations');
    assert.equal(isMultiLocation({ location_ids: ['local'] }), false);
    assert.equal(isMultiLocation({ location_ids: ['eu'] }), true, 'local left out');
    assert.equal(isMultiLocation({ location_ids: ['local', 'eu'] }), true);
  });

  test('one state per listed location, in order; a location without one yet is pending', () => {
    const states = statesOf({
      location_ids: ['local', 'eu'],
      locations: [state({ location_id: 'eu', status: 'down' })],
    });
    assert.deepEqual(
      states.map((s) => [s.location_id, s.status]),
      [
        ['local', 'pending'],
        ['eu', 'down'],
      ],
    );
  });

  test('words and colour: an offline location is grey whatever its last verdict said', () => {
    const eu = state({ status: 'down', last_error: 'timeout after 5000 ms', last_response_time_ms: null });
    assert.equal(stateText(eu, snap), 'Europe: down — timeout after 5000 ms');
    assert.equal(verdictClass(eu.status, isCounted(eu, snap)), 'loc-down');
    assert.equal(stateText(state({ location_id: 'local' }), snap), 'Local: up — 40 ms');
    const asia = state({ location_id: 'asia', status: 'down', last_error: 'refused' });
    assert.equal(isCounted(asia, snap), false, 'the list says offline, the state not yet');
    assert.equal(stateText(asia, snap), 'Asia: down (offline, not counted) — refused');
    assert.equal(verdictClass(asia.status, false), 'loc-uncounted');
    const fresh = state({ location_id: 'gone', status: 'pending', last_checked_at: null });
    assert.equal(stateText(fresh, snap), 'gone: pending — no check yet', 'an unknown id reads as itself');
  });

  test('skew and the offline banner', () => {
    assert.equal(skewText(null), '—');
    assert.equal(skewText(1234), '+1234 ms');
    assert.equal(skewText(-80), '−80 ms');
    assert.equal(skewWarns(2000), false);
    assert.equal(skewWarns(-2001), true);
    assert.equal(offlineText([{ name: 'Asia' }]), '1 location offline: Asia');
    assert.equal(offlineText([{ name: 'Asia' }, { name: 'Europe' }]), '2 locations offline: Asia, Europe');
  });

  test('the form body: locations and quorum as typed; a heartbeat monitor runs from local alone', () => {
    const f = { ...emptyForm(), location_ids: ['local', 'eu'], quorum: '2' };
    assert.deepEqual(locationBody(f), { location_ids: ['local', 'eu'], quorum: 2 });
    assert.deepEqual(locationBody({ ...f, quorum: ' ' }), { location_ids: ['local', 'eu'], quorum: null });
    assert.deepEqual(locationBody({ ...f, quorum: 'two' }), { location_ids: ['local', 'eu'], quorum: 'two' });
    assert.deepEqual(locationBody({ ...f, monitor_type: 'heartbeat' }), {
      location_ids: ['local'],
      quorum: null,
    });
    assert.deepEqual(emptyForm().location_ids, ['local'], 'a new monitor starts from local');
  });
});
