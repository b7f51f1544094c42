import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bodyOf, emptyForm, parseHeaders } from '../../web/src/monitors/form-state.js';

describe('monitor form body', () => {
  test('only the fields of the chosen type are sent, typed; the service fills in the rest', () => {
    const f = {
      ...emptyForm(),
      name: 'db',
      monitor_type: 'tcp' as const,
      url: 'db:5432',
      timeout_seconds: '5',
    };
    const { body, errors } = bodyOf(f, false);
    assert.deepEqual(errors, {});
    assert.deepEqual(body, {
      name: 'db',
      monitor_type: 'tcp',
      url: 'db:5432',
      check_interval_seconds: 60,
      timeout_seconds: 5,
      retry_count: 3,
    });
  });

  test('http: headers and auth; a heartbeat sends no target; channels only when the API takes them', () => {
    const http = bodyOf(
      {
        ...emptyForm(),
        name: 'api',
        url: 'https://x.test/',
        headers: 'Accept: application/json\n\nX-Trace:  1 ',
        auth_type: 'bearer',
        auth_token: 't0k',
        channel_ids: [3],
      },
      true,
    ).body;
    assert.deepEqual(http.headers, { Accept: 'application/json', 'X-Trace': '1' });
    assert.deepEqual(http.auth, { type: 'bearer', token: 't0k' });
    assert.deepEqual(http.channel_ids, [3]);
    const beat = bodyOf(
      { ...emptyForm(), name: 'cron', monitor_type: 'heartbeat', url: 'left over' },
      false,
    ).body;
    assert.equal('url' in beat, false);
    assert.equal('channel_ids' in beat, false);
    assert.equal(beat.heartbeat_grace_seconds, 60);
  });

  test('a value that is not a number goes to the API as typed, so its 422 names the field', () => {
    assert.equal(
      bodyOf({ ...emptyForm(), name: 'x', check_interval_seconds: 'often' }, false).body
        .check_interval_seconds,
      'often',
    );
    assert.deepEqual(parseHeaders('no colon here'), { error: 'Line 1 needs the form "Name: value".' });
  });
});
