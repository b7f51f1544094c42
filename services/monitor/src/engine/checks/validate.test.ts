import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CheckTarget, validateCheckTarget } from './index.js';

function problems(target: Partial<CheckTarget> & Pick<CheckTarget, 'monitor_type'>) {
  return validateCheckTarget({ url: null, timeout_seconds: 5, ...target });
}

describe('validateCheckTarget', () => {
  test('valid settings of every type pass', () => {
    assert.deepEqual(problems({ monitor_type: 'http_get', url: 'https://example.test/health' }), []);
    assert.deepEqual(
      problems({
        monitor_type: 'http_post',
        url: 'http://127.0.0.1:8080/',
        expected_status_codes: '2xx,!204',
        json_path: '$.status',
        json_expected: 'ok',
        max_redirects: 0,
        headers: { 'X-Token': 'abc' },
        auth: { type: 'bearer', token: 't' },
      }),
      [],
    );
    assert.deepEqual(problems({ monitor_type: 'tcp', url: 'tcp://db.internal:5432' }), []);
    assert.deepEqual(problems({ monitor_type: 'tls', url: 'example.test' }), []);
    assert.deepEqual(
      problems({ monitor_type: 'dns', url: 'example.test', dns_resolver: '127.0.0.1:53' }),
      [],
    );
    assert.deepEqual(problems({ monitor_type: 'ping', url: '127.0.0.1' }), []);
    assert.deepEqual(problems({ monitor_type: 'heartbeat' }), []);
  });

  test('each bad field is named with a reason', () => {
    assert.deepEqual(
      problems({ monitor_type: 'http_get', url: 'example.test', expected_status_codes: '6xx' }),
      [
        { path: 'url', message: 'must be an absolute http or https URL' },
        {
          path: 'expected_status_codes',
          message: 'item 1 "6xx" is not a status class: classes are 1xx to 5xx',
        },
      ],
    );
    assert.deepEqual(
      problems({ monitor_type: 'http_head', url: 'http://a.test/', keyword: 'x', json_expected: '1' }),
      [
        { path: 'json_expected', message: 'needs json_path' },
        { path: 'keyword', message: 'HEAD responses have no body to search' },
      ],
    );
    assert.deepEqual(
      problems({ monitor_type: 'http_get', url: 'http://a.test/', headers: { 'bad name': 'x' } }),
      [{ path: 'headers.bad name', message: 'is not a valid header name' }],
    );
    assert.deepEqual(problems({ monitor_type: 'tcp', url: 'db.internal' }), [
      { path: 'url', message: 'invalid target "db.internal": the port is missing (host:port)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'dns', url: 'a.test', dns_resolver: 'ns.test' }), [
      { path: 'dns_resolver', message: '"ns.test" is not a resolver address: expected ip[:port]' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'ping', url: '-f' }), [
      { path: 'url', message: 'must be a host name or IP address' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'heartbeat', url: 'http://x.test' }), [
      { path: 'url', message: 'heartbeat monitors have no url: they are pinged at /api/heartbeat/{token}' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'tls', url: 'a.test', tls_warn_days: -1 }), [
      { path: 'tls_warn_days', message: 'must be a whole number of days, 0 or more' },
    ]);
  });
});
