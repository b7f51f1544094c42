import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { CheckTarget, DnsRecordType, HttpAuth, MonitorType } from '../checks/index.js';
import { configOf } from './monitor-input.js';
import { type MonitorSecrets, openSecrets, withSecrets } from './monitor-secrets.js';

/**
 * The fields a checker reads, taken from a stored monitor, with its credentials decrypted with
 * `key`. Credentials that no longer decrypt (SECRET_KEY changed) stay masked: the check then
 * fails at the target, which shows on the monitor, rather than the whole engine stopping.
 */
export function toCheckTarget(row: MonitorRow, key: Buffer | undefined): CheckTarget {
  let secrets: MonitorSecrets = {};
  if (row.secrets !== null) {
    if (!key) throw new Error('the check engine needs the encryption key to open monitor credentials');
    try {
      secrets = openSecrets(key, row.secrets);
    } catch {
      secrets = {};
    }
  }
  const config = configOf(row);
  const { url, headers, auth } = withSecrets(config, secrets);
  return {
    monitor_type: row.monitor_type as MonitorType,
    url,
    timeout_seconds: row.timeout_seconds,
    headers,
    body: row.body,
    auth: auth as HttpAuth | null,
    max_redirects: row.max_redirects,
    ignore_tls_errors: row.ignore_tls_errors === 1,
    keyword: row.keyword,
    json_path: row.json_path,
    json_expected: row.json_expected,
    expected_status_codes: row.expected_status_codes,
    dns_record_type: row.dns_record_type as DnsRecordType,
    dns_expected: row.dns_expected,
    dns_resolver: row.dns_resolver,
    tls_warn_days: row.tls_warn_days,
    query: row.query,
    expected_value: row.expected_value,
    message: row.message,
    topic: row.topic,
    service_name: row.service_name,
    starttls: row.starttls === 1,
    expected_close_code: row.expected_close_code,
    steps: config.steps,
    script: row.script,
    viewport: row.viewport,
    blocklist: config.blocklist,
  };
}
