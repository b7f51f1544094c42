// What the detail page says about how a monitor is checked: the settings of its type that decide
// up or down, worded for people (the form is where they are changed).
import type { Monitor } from '../api/types.js';
import { duration } from '../lib/format.js';

export type Fact = [label: string, value: string];

const HTTP = new Set(['http_get', 'http_post', 'http_head']);
const yes = (b: boolean | undefined) => (b ? 'yes' : 'no');

/** The facts in display order; `channelNames` resolves the monitor's channel ids (null: unknown yet). */
export function settingsFacts(m: Monitor, channelNames: ((ids: number[]) => string) | null): Fact[] {
  const out: Fact[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') out.push([label, value]);
  };
  const t = m.monitor_type;
  if (t === 'heartbeat') {
    add(
      'Expected',
      `a ping every ${duration(m.check_interval_seconds)}, ${duration(m.heartbeat_grace_seconds)} of grace`,
    );
  } else {
    add('Timeout', duration(m.timeout_seconds));
    add(
      'Retries',
      m.retry_count
        ? `${m.retry_count}, ${duration(m.retry_interval_seconds)} apart, before it is down`
        : 'none: down on the first failure',
    );
  }
  if (HTTP.has(t)) {
    add('Expected status', m.expected_status_codes);
    if (m.keyword) add('Keyword', `the body must contain “${m.keyword}”`);
    if (m.json_path) add('JSON path', m.json_expected ? `${m.json_path} == ${m.json_expected}` : m.json_path);
    add('Redirects followed', String(m.max_redirects));
    if (/^https:/i.test(m.url ?? '')) add('TLS errors', m.ignore_tls_errors ? 'ignored' : 'fail the check');
  }
  if (t === 'dns') {
    add('Record', m.dns_expected ? `${m.dns_record_type} = ${m.dns_expected}` : m.dns_record_type);
    add('Resolver', m.dns_resolver ?? 'the system’s');
  }
  if (t === 'postgres' || t === 'mysql') {
    add('Query', m.query ?? 'SELECT 1');
    add('Expected value', m.expected_value);
  }
  if (t === 'redis') {
    add('Key', m.query);
    add('Expected value', m.expected_value);
  }
  if (t === 'websocket') {
    add('Sends', m.message);
    add('Expected reply', m.expected_value);
    if (m.expected_close_code !== null) add('Expected close code', String(m.expected_close_code));
  }
  if (t === 'mqtt' || t === 'amqp') add(t === 'mqtt' ? 'Topic' : 'Queue', m.topic);
  if (t === 'grpc') add('Service', m.service_name || 'the whole server');
  if (t === 'smtp') add('STARTTLS', yes(m.starttls));
  if (m.invert) add('Upside-down', 'yes: up when the check fails, down when it passes');
  if (m.degraded_response_ms) add('Degraded', `slower than ${m.degraded_response_ms} ms`);
  if (m.recovery_count && m.recovery_count > 1)
    add('Recovers', `after ${m.recovery_count} good checks in a row`);
  if (m.channel_ids !== undefined) {
    add(
      'Alerts to',
      m.channel_ids.length === 0 ? 'no channel' : channelNames ? channelNames(m.channel_ids) : '…',
    );
  }
  return out;
}
