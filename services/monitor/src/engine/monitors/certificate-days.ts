import type { MonitorRow } from '../../store/repos/monitors-repo.js';

type CertificateFields = Pick<MonitorRow, 'monitor_type' | 'url' | 'starttls'>;

/**
 * Whether the monitor's checks read a certificate: tls monitors, http ones on an https URL, and
 * smtp ones on smtps:// or with STARTTLS (their days left alert as a tls monitor's do).
 */
export function readsCertificate(row: CertificateFields): boolean {
  if (row.monitor_type === 'tls') return true;
  if (row.monitor_type === 'smtp') return row.starttls === 1 || /^smtps:/i.test(row.url ?? '');
  return row.monitor_type.startsWith('http_') && /^https:/i.test(row.url ?? '');
}

/**
 * Days left on the monitor's certificate, or null when its checks read none. The stored value
 * outlives a change of URL to plain http, so the type and URL decide whether it still applies.
 */
export function certificateDaysLeft(
  row: CertificateFields & Pick<MonitorRow, 'last_tls_days_left'>,
): number | null {
  return readsCertificate(row) ? row.last_tls_days_left : null;
}
