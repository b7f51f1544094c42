import type { CheckTarget } from './types.js';

/** Where a service check connects, read from its `url`. */
export interface ServiceUrl {
  /** The scheme without `:` (`postgres`, `rediss`, …). */
  scheme: string;
  /** The host name or address (IPv6 without brackets). */
  host: string;
  port: number;
  /** The parsed URL, for the path (database, vhost) and the user name. */
  url: URL;
}

/**
 * Reads the URL of a service check. `schemes` maps each accepted scheme to its default port.
 * Returns the error sentence for a 422 (and for a check of a monitor stored before a rule changed).
 */
export function parseServiceUrl(text: string, schemes: Record<string, number>): ServiceUrl | string {
  const names = Object.keys(schemes).map((s) => `${s}://`);
  const expected = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `must be a URL: ${expected}host[:port]`;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const defaultPort = schemes[scheme];
  if (defaultPort === undefined) return `must use ${expected}, not ${scheme}://`;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return 'the host is missing';
  if (url.search !== '' || url.hash !== '') return 'must not have a query string or fragment';
  return { scheme, host, port: url.port === '' ? defaultPort : Number(url.port), url };
}

/**
 * The user name and password to log in with: `auth` basic when given (the stored monitor's URL
 * password arrives that way, see monitor-secrets withSecrets), else the URL's own userinfo.
 * Empty strings when absent: each checker picks its client's default.
 */
export function credentialsOf(target: CheckTarget, url: URL): { username: string; password: string } {
  if (target.auth?.type === 'basic') {
    return {
      username: target.auth.username || decodeURIComponent(url.username),
      password: target.auth.password,
    };
  }
  return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}
