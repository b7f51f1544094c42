import type { JourneyStep } from '../../shared-types/journey-shapes.js';
import type { PortableMonitorConfig } from '../../shared-types/monitor-shapes.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { DnsRecordType, HttpAuth, MonitorType } from '../checks/index.js';

/** Parses a JSON text column, null when empty. */
export function jsonColumn<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * A monitor's portable configuration, every field present (defaults applied): the shape the API and
 * the dashboard share (shared-types/monitor-shapes.ts), declared once there.
 */
export type MonitorConfig = PortableMonitorConfig;

/** What a client may send: the name is required, everything else has a default. */
export type MonitorInput = Partial<MonitorConfig> & { name: string };

export const DEFAULT_INTERVAL = 60;

/**
 * Fills in defaults. Those that depend on the interval follow the interval sent: timeout
 * min(10, interval), retry interval min(20, interval).
 */
export function withDefaults(input: MonitorInput): MonitorConfig {
  const interval = input.check_interval_seconds ?? DEFAULT_INTERVAL;
  return {
    name: input.name,
    monitor_type: input.monitor_type ?? 'http_get',
    url: input.url === undefined || input.url === '' ? null : input.url,
    check_interval_seconds: interval,
    timeout_seconds: input.timeout_seconds ?? Math.min(10, interval),
    retry_count: input.retry_count ?? 3,
    retry_interval_seconds: input.retry_interval_seconds ?? Math.min(20, interval),
    expected_status_codes: input.expected_status_codes ?? '2xx',
    headers: input.headers ?? null,
    body: input.body ?? null,
    auth: input.auth ?? null,
    max_redirects: input.max_redirects ?? 10,
    ignore_tls_errors: input.ignore_tls_errors ?? false,
    keyword: input.keyword ?? null,
    json_path: input.json_path ?? null,
    json_expected: input.json_expected ?? null,
    dns_record_type: input.dns_record_type ?? 'A',
    dns_expected: input.dns_expected ?? null,
    dns_resolver: input.dns_resolver ?? null,
    tls_warn_days: input.tls_warn_days ?? 14,
    heartbeat_grace_seconds: input.heartbeat_grace_seconds ?? 60,
    query: input.query ?? null,
    expected_value: input.expected_value ?? null,
    message: input.message ?? null,
    topic: input.topic ?? null,
    service_name: input.service_name ?? null,
    starttls: input.starttls ?? false,
    expected_close_code: input.expected_close_code ?? null,
    steps: input.steps ?? null,
    script: input.script ?? null,
    viewport: input.viewport ?? null,
    blocklist: input.blocklist ?? null,
    badge_enabled: input.badge_enabled ?? false,
    degraded_response_ms: input.degraded_response_ms ?? null,
    invert: input.invert ?? false,
    recovery_count: input.recovery_count ?? 1,
    sla_target_percent: input.sla_target_percent ?? null,
  };
}

/** The configuration of a stored monitor. */
export function configOf(row: MonitorRow): MonitorConfig {
  return {
    name: row.name,
    monitor_type: row.monitor_type as MonitorType,
    url: row.url,
    check_interval_seconds: row.check_interval_seconds,
    timeout_seconds: row.timeout_seconds,
    retry_count: row.retry_count,
    retry_interval_seconds: row.retry_interval_seconds,
    expected_status_codes: row.expected_status_codes,
    headers: jsonColumn<Record<string, string>>(row.headers),
    body: row.body,
    auth: jsonColumn<HttpAuth>(row.auth),
    max_redirects: row.max_redirects,
    ignore_tls_errors: row.ignore_tls_errors === 1,
    keyword: row.keyword,
    json_path: row.json_path,
    json_expected: row.json_expected,
    dns_record_type: row.dns_record_type as DnsRecordType,
    dns_expected: row.dns_expected,
    dns_resolver: row.dns_resolver,
    tls_warn_days: row.tls_warn_days,
    heartbeat_grace_seconds: row.heartbeat_grace_seconds,
    query: row.query,
    expected_value: row.expected_value,
    message: row.message,
    topic: row.topic,
    service_name: row.service_name,
    starttls: row.starttls === 1,
    expected_close_code: row.expected_close_code,
    steps: jsonColumn<JourneyStep[]>(row.steps),
    script: row.script,
    viewport: row.viewport,
    blocklist: jsonColumn<string[]>(row.blocklist),
    badge_enabled: row.badge_enabled === 1,
    degraded_response_ms: row.degraded_response_ms,
    invert: row.invert === 1,
    recovery_count: row.recovery_count,
    sla_target_percent: row.sla_target_percent,
  };
}

/** The configuration columns of a row. */
export function configColumns(c: MonitorConfig) {
  return {
    ...c,
    headers: c.headers === null ? null : JSON.stringify(c.headers),
    auth: c.auth === null ? null : JSON.stringify(c.auth),
    steps: c.steps === null ? null : JSON.stringify(c.steps),
    blocklist: c.blocklist === null ? null : JSON.stringify(c.blocklist),
    ignore_tls_errors: c.ignore_tls_errors ? 1 : 0,
    starttls: c.starttls ? 1 : 0,
    badge_enabled: c.badge_enabled ? 1 : 0,
    invert: c.invert ? 1 : 0,
  };
}
