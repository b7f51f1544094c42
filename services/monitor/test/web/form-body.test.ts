import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Monitor } from '../../web/src/api/types.js';
import {
  bodyOf,
  emptyForm,
  formOf,
  headersError,
  parseHeaders,
  SECRET_MASK,
} from '../../web/src/monitors/form-state.js';

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
      // Whatever the type: a saved form (PUT) must not switch the badges off by leaving it out.
      badge_enabled: false,
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

  test('masked credentials of a stored monitor go back as the mask, which the service reads as "keep"', () => {
    const stored = {
      name: 'api',
      monitor_type: 'http_get',
      url: `https://u:${SECRET_MASK}@x.test/`,
      check_interval_seconds: 60,
      headers: { 'X-Api-Key': SECRET_MASK, Accept: 'text/plain' },
      auth: { type: 'basic', username: 'u', password: SECRET_MASK },
    } as unknown as Monitor;
    const { body, errors } = bodyOf({ ...formOf(stored), check_interval_seconds: '120' }, false);
    assert.deepEqual(errors, {});
    assert.equal(body.url, `https://u:${SECRET_MASK}@x.test/`);
    assert.deepEqual(body.headers, { 'X-Api-Key': SECRET_MASK, Accept: 'text/plain' });
    assert.deepEqual(body.auth, { type: 'basic', username: 'u', password: SECRET_MASK });
    // A 422 about one header shows at the headers box, naming it.
    assert.equal(
      headersError({ 'headers.X-Api-Key': 'is the mask but the monitor now points elsewhere' }),
      'X-Api-Key: is the mask but the monitor now points elsewhere',
    );
  });
});
