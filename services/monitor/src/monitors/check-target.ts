import type { CheckTarget, DnsRecordType, HttpAuth, MonitorType } from '../checks/index.js';
import type { MonitorRow } from '../store/repos/monitors-repo.js';

/** Parses a JSON text column, null when empty. */
export function jsonColumn<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** The fields a checker reads, taken from a stored monitor. */
export function toCheckTarget(row: MonitorRow): CheckTarget {
  return {
    monitor_type: row.monitor_type as MonitorType,
    url: row.url,
    timeout_seconds: row.timeout_seconds,
    headers: jsonColumn<Record<string, string>>(row.headers),
    body: row.body,
    auth: jsonColumn<HttpAuth>(row.auth),
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
  };
}
