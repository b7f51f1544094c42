import type { FieldProblem } from '@app/kit';
import { parseHostPort } from '../checks/host-port.js';
import { parseDnsResolver, parseJsonPath, parseStatusCodes, validateCheckTarget } from '../checks/index.js';
import { isPingHost } from '../checks/ping.js';
import { inapplicableFields, isServiceType } from './field-applicability.js';
import type { MonitorConfig } from './monitor-input.js';

const DNS_NAME =
  /^(?=.{1,253}\.?$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?$/;

/** Rules that span fields or need a parser; the JSON schema has already checked types and bounds. */
export function validateMonitor(c: MonitorConfig): FieldProblem[] {
  const out: FieldProblem[] = [];
  const bad = (path: string, message: string) => out.push({ path, message });
  if (c.timeout_seconds > c.check_interval_seconds) {
    bad('timeout_seconds', `must be at most check_interval_seconds (${c.check_interval_seconds})`);
  }
  const codes = parseStatusCodes(c.expected_status_codes);
  if (!codes.ok) bad('expected_status_codes', codes.message);
  const urlProblem = checkUrl(c);
  if (urlProblem) bad('url', urlProblem);
  if (c.dns_resolver !== null) {
    const r = parseDnsResolver(c.dns_resolver);
    if (!r.ok) bad('dns_resolver', r.message);
  }
  if (c.json_path !== null) {
    const p = parseJsonPath(c.json_path);
    if (!p.ok) bad('json_path', p.message);
  }
  if (c.monitor_type === 'http_head' && (c.keyword || c.json_path)) {
    bad(c.keyword ? 'keyword' : 'json_path', 'needs a response body, and HEAD responses have none');
  }
  out.push(...inapplicableFields(c));
  // The service checks validate their own URL and fields (checks/<type>.ts), the rules the checker reads by.
  if (isServiceType(c.monitor_type) && c.url !== null) out.push(...validateCheckTarget(c));
  return out;
}

// The url's meaning depends on the type; returns the problem or null.
function checkUrl(c: MonitorConfig): string | null {
  const url = c.url;
  if (c.monitor_type === 'heartbeat') {
    return url === null ? null : 'must be empty for heartbeat monitors (they are pinged, not checked)';
  }
  if (url === null) return 'is required for this monitor type';
  switch (c.monitor_type) {
    case 'http_get':
    case 'http_post':
    case 'http_head': {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return 'must be an absolute http:// or https:// URL';
      }
      return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'must use http:// or https://';
    }
    case 'tcp': {
      const hp = parseHostPort(url, ['tcp']);
      return typeof hp === 'string' ? hp : null;
    }
    case 'tls': {
      const hp = parseHostPort(url, ['https', 'tls'], 443);
      return typeof hp === 'string' ? hp : null;
    }
    case 'dns':
      return DNS_NAME.test(url.trim()) ? null : 'must be a domain name to resolve (e.g. example.com)';
    case 'ping':
      return isPingHost(url.trim().replace(/^\[(.*)\]$/, '$1')) ? null : 'must be a host name or IP address';
    default:
      return null;
  }
}
