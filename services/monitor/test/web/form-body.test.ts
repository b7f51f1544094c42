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

  test('service types send their own fields, and a user name and password as basic auth', () => {
    const pg = bodyOf(
      {
        ...emptyForm(),
        name: 'db',
        monitor_type: 'postgres',
        url: 'postgres://127.0.0.1:5432/app',
        auth_username: 'app',
        auth_password: 'pw-1',
        query: 'SELECT 1',
        expected_value: '1',
        topic: 'left over from another type',
      },
      false,
    );
    assert.deepEqual(pg.errors, {});
    assert.deepEqual(pg.body, {
      name: 'db',
      monitor_type: 'postgres',
      url: 'postgres://127.0.0.1:5432/app',
      check_interval_seconds: 60,
      retry_count: 3,
      auth: { type: 'basic', username: 'app', password: 'pw-1' },
      query: 'SELECT 1',
      expected_value: '1',
      badge_enabled: false,
    });
    const ws = bodyOf(
      {
        ...emptyForm(),
        name: 'ws',
        monitor_type: 'websocket',
        url: 'ws://127.0.0.1:1/x',
        message: 'hi',
        expected_close_code: '1000',
        auth_username: 'not for websocket forms',
      },
      false,
    ).body as Record<string, unknown>;
    assert.equal(ws.expected_close_code, 1000);
    assert.equal(ws.message, 'hi');
    assert.equal(ws.expected_value, null);
    assert.equal('auth' in ws, false);
    const smtp = bodyOf(
      { ...emptyForm(), name: 'm', monitor_type: 'smtp', url: 'smtp://h', starttls: true },
      false,
    ).body as Record<string, unknown>;
    assert.deepEqual([smtp.starttls, smtp.tls_warn_days, smtp.ignore_tls_errors], [true, 14, false]);
    const redis = bodyOf({ ...emptyForm(), name: 'r', monitor_type: 'redis', url: 'redis://h' }, false).body;
    assert.equal(redis.auth, null);
  });

  test('a stored service monitor reopens with its fields and the masked password kept', () => {
    const stored = {
      name: 'q',
      monitor_type: 'amqp',
      url: 'amqp://127.0.0.1:5672',
      check_interval_seconds: 60,
      auth: { type: 'basic', username: 'guest', password: SECRET_MASK },
      topic: 'jobs',
      starttls: false,
    } as unknown as Monitor;
    const f = formOf(stored);
    assert.equal(f.topic, 'jobs');
    assert.equal(f.auth_password, SECRET_MASK);
    const { body } = bodyOf(f, false);
    assert.deepEqual(body.auth, { type: 'basic', username: 'guest', password: SECRET_MASK });
    assert.equal(body.topic, 'jobs');
  });
});
