import type { MonitorRow } from '../store/repos/monitors-repo.js';

/** Whether the monitor's checks read a certificate: tls monitors, and http ones on an https URL. */
export function readsCertificate(row: Pick<MonitorRow, 'monitor_type' | 'url'>): boolean {
  if (row.monitor_type === 'tls') return true;
  return row.monitor_type.startsWith('http_') && /^https:/i.test(row.url ?? '');
}

/**
 * Days left on the monitor's certificate, or null when its checks read none. The stored value
 * outlives a change of URL to plain http, so the type and URL decide whether it still applies.
 */
export function certificateDaysLeft(
  row: Pick<MonitorRow, 'monitor_type' | 'url' | 'last_tls_days_left'>,
): number | null {
  return readsCertificate(row) ? row.last_tls_days_left : null;
}
