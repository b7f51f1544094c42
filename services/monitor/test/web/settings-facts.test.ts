import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Monitor } from '../../web/src/api/types.js';
import { duration } from '../../web/src/lib/format.js';
import { settingsFacts } from '../../web/src/monitors/settings-facts.js';

const base = {
  id: 1,
  name: 'm',
  url: null,
  check_interval_seconds: 60,
  timeout_seconds: 10,
  retry_count: 0,
  retry_interval_seconds: 60,
  expected_status_codes: '2xx',
  headers: null,
  body: null,
  auth: null,
  max_redirects: 10,
  ignore_tls_errors: false,
  keyword: null,
  json_path: null,
  json_expected: null,
  dns_record_type: 'A',
  dns_expected: null,
  dns_resolver: null,
  tls_warn_days: 14,
  heartbeat_grace_seconds: 60,
  query: null,
  expected_value: null,
  message: null,
  topic: null,
  service_name: null,
  starttls: false,
  expected_close_code: null,
  badge_enabled: false,
  current_status: 'up',
  last_checked_at: null,
  last_response_time_ms: null,
  last_status_code: null,
  consecutive_failures: 0,
  tls_days_left: null,
  heartbeat_token: null,
  created_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
} satisfies Partial<Monitor>; // a monitor as far as the facts read it

const facts = (m: Partial<Monitor>, names: ((ids: number[]) => string) | null = null) =>
  Object.fromEntries(settingsFacts({ ...base, monitor_type: 'http_get', ...m } as Monitor, names));

describe('detail page facts', () => {
  test('durations leave out a zero second unit', () => {
    assert.deepEqual([45, 60, 90, 3600, 5400, 86_400, 90_000].map(duration), [
      '45 s',
      '1 min',
      '1 min 30 s',
      '1 h',
      '1 h 30 min',
      '1 d',
      '1 d 1 h',
    ]);
  });

  test('an HTTPS keyword monitor: retries, keyword, status, redirects, TLS, upside-down, channels by name', () => {
    const f = facts(
      {
        url: 'https://example.test/',
        keyword: 'Welcome',
        retry_count: 2,
        retry_interval_seconds: 20,
        invert: true,
        degraded_response_ms: 800,
        channel_ids: [3, 9],
      },
      (ids) => ids.map((i) => `#${i}`).join(', '),
    );
    assert.deepEqual(f, {
      Timeout: '10 s',
      Retries: '2, 20 s apart, before it is down',
      'Expected status': '2xx',
      Keyword: 'the body must contain “Welcome”',
      'Redirects followed': '10',
      'TLS errors': 'fail the check',
      'Upside-down': 'yes: up when the check fails, down when it passes',
      Degraded: 'slower than 800 ms',
      'Alerts to': '#3, #9',
    });
    assert.equal(facts({ channel_ids: [3] })['Alerts to'], '…', 'names not loaded yet');
    assert.equal(facts({ channel_ids: [] })['Alerts to'], 'no channel');
    assert.equal(facts({}).Retries, 'none: down on the first failure');
  });

  test('other types say what they check and nothing of HTTP', () => {
    assert.deepEqual(
      facts({ monitor_type: 'heartbeat', check_interval_seconds: 86_400, heartbeat_grace_seconds: 3600 }),
      {
        Expected: 'a ping every 1 d, 1 h of grace',
      },
    );
    const dns = facts({ monitor_type: 'dns', dns_record_type: 'MX', dns_expected: 'mail.example.test' });
    assert.equal(dns.Record, 'MX = mail.example.test');
    assert.equal(dns.Resolver, 'the system’s');
    assert.equal(dns['Expected status'], undefined);
    assert.equal(facts({ monitor_type: 'postgres' }).Query, 'SELECT 1');
    assert.equal(facts({ monitor_type: 'grpc', service_name: '' }).Service, 'the whole server');
  });
});
