import { validateAmqp } from './amqp.js';
import { parseDnsResolver } from './dns.js';
import { validateGrpc } from './grpc.js';
import { parseHostPort } from './host-port.js';
import { parseJsonPath } from './json-path.js';
import { validateMqtt } from './mqtt.js';
import { validateMysql } from './mysql.js';
import { isPingHost } from './ping.js';
import { validatePostgres } from './postgres.js';
import { validateRedis } from './redis.js';
import { validateSmtp } from './smtp.js';
import { parseStatusCodes } from './status-codes.js';
import type { CheckTarget, DnsRecordType } from './types.js';
import { validateWebsocket } from './websocket.js';

/** One problem with a monitor's check settings: the field and a sentence for a 422's `errors[]`. */
export interface TargetProblem {
  path: string;
  message: string;
}

const DNS_TYPES: readonly DnsRecordType[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'];

/**
 * Checks the fields runCheck reads against the monitor's type, with the same parsers the checks use, so
 * what the API accepts is exactly what the checks understand. Bounds on numbers (intervals, timeouts,
 * retries) are the API's business and are not repeated here. An empty list means valid.
 */
export function validateCheckTarget(target: CheckTarget): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const add = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  const url = (target.url ?? '').trim();
  switch (target.monitor_type) {
    case 'http_get':
    case 'http_post':
    case 'http_head':
      validateHttp(target, url, add);
      break;
    case 'tcp': {
      const where = parseHostPort(url, ['tcp']);
      if (typeof where === 'string') add('url', where);
      break;
    }
    case 'tls': {
      const where = parseHostPort(url, ['https', 'tls'], 443);
      if (typeof where === 'string') add('url', where);
      break;
    }
    case 'dns':
      if (url === '' || /\s/.test(url)) add('url', 'must be the domain name to resolve');
      if (target.dns_record_type && !DNS_TYPES.includes(target.dns_record_type)) {
        add('dns_record_type', `must be one of ${DNS_TYPES.join(', ')}`);
      }
      if (target.dns_resolver) {
        const resolver = parseDnsResolver(target.dns_resolver);
        if (!resolver.ok) add('dns_resolver', resolver.message);
      }
      break;
    case 'ping':
      if (!isPingHost(url.replace(/^\[(.*)\]$/, '$1'))) add('url', 'must be a host name or IP address');
      break;
    case 'websocket':
      validateWebsocket(target, url, add);
      break;
    case 'grpc':
      validateGrpc(target, url, add);
      break;
    case 'mqtt':
      validateMqtt(target, url, add);
      break;
    case 'amqp':
      validateAmqp(target, url, add);
      break;
    case 'heartbeat':
      if (url !== '') add('url', 'heartbeat monitors have no url: they are pinged at /api/heartbeat/{token}');
      break;
    case 'postgres':
      validatePostgres(target, url, add);
      break;
    case 'mysql':
      validateMysql(target, url, add);
      break;
    case 'redis':
      validateRedis(target, url, add);
      break;
    case 'smtp':
      validateSmtp(target, url, add);
      break;
    default:
      add('monitor_type', `unknown monitor type "${String(target.monitor_type)}"`);
  }
  if (target.tls_warn_days !== null && target.tls_warn_days !== undefined) {
    if (!Number.isInteger(target.tls_warn_days) || target.tls_warn_days < 0) {
      add('tls_warn_days', 'must be a whole number of days, 0 or more');
    }
  }
  return problems;
}

function validateHttp(target: CheckTarget, url: string, add: (path: string, message: string) => void): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    add('url', 'must be an absolute http or https URL');
  }
  if (parsed && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    add('url', `must be an http or https URL, not ${parsed.protocol}`);
  }
  if (target.expected_status_codes !== null && target.expected_status_codes !== undefined) {
    const codes = parseStatusCodes(target.expected_status_codes);
    if (!codes.ok) add('expected_status_codes', codes.message);
  }
  const max = target.max_redirects;
  if (max !== null && max !== undefined && (!Number.isInteger(max) || max < 0)) {
    add('max_redirects', 'must be a whole number, 0 or more (0 = do not follow)');
  }
  if (target.json_path) {
    const path = parseJsonPath(target.json_path);
    if (!path.ok) add('json_path', path.message);
  } else if (target.json_expected !== null && target.json_expected !== undefined) {
    add('json_expected', 'needs json_path');
  }
  if (target.monitor_type === 'http_head') {
    if (target.keyword) add('keyword', 'HEAD responses have no body to search');
    if (target.json_path) add('json_path', 'HEAD responses have no body to read');
  }
  const auth = target.auth;
  if (auth?.type === 'basic' && !auth.username) add('auth.username', 'is required for basic auth');
  if (auth?.type === 'bearer' && !auth.token) add('auth.token', 'is required for bearer auth');
  if (target.headers) {
    for (const [name, value] of Object.entries(target.headers)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) add(`headers.${name}`, 'is not a valid header name');
      else if (/[\r\n\0]/.test(value)) add(`headers.${name}`, 'must not contain line breaks');
    }
  }
}
