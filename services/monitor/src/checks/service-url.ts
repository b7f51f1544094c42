import type { CheckTarget } from './types.js';

/** Where a service check connects, read from its `scheme://[user[:pass]@]host[:port][/path]` URL. */
export interface ServiceUrl {
  /** The scheme without `:` (`mqtts`). */
  scheme: string;
  /** Host name or IP, IPv6 without brackets. */
  host: string;
  port: number;
  /** The parsed URL with any userinfo removed, so nothing passed on or quoted can carry a password. */
  bare: URL;
}

/**
 * Parses a service URL whose scheme must be a key of `schemes`; the value is the scheme's default port,
 * or null when the port is required. Returns an error sentence on failure.
 */
export function parseServiceUrl(text: string, schemes: Record<string, number | null>): ServiceUrl | string {
  const names = Object.keys(schemes).map((s) => `${s}://`);
  let url: URL;
  try {
    // `host:port` parses as a URL of scheme `host`; without `://` it is no URL for these checks.
    if (!text.includes('://')) throw new Error('no scheme');
    url = new URL(text.trim());
  } catch {
    return `must be a URL starting with ${names.join(' or ')}`;
  }
  const scheme = url.protocol.slice(0, -1);
  const defaultPort = schemes[scheme];
  if (defaultPort === undefined) return `must start with ${names.join(' or ')}, not ${scheme}://`;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return 'the host is missing';
  // WHATWG URL drops a special scheme's default port (80 for ws://, 443 for wss://), hence the fallback.
  const port = url.port !== '' ? Number(url.port) : defaultPort;
  if (port === null) return `the port is missing (${scheme}://host:port)`;
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return { scheme, host, port, bare };
}

/** A user name and password to log in with. */
export interface Login {
  username: string;
  password: string;
}

/**
 * The credentials of a service check: `auth` basic when given (the engine moves a stored URL password
 * there), otherwise the URL's own userinfo, decoded. Null when there are none.
 */
export function loginOf(target: CheckTarget): Login | null {
  if (target.auth?.type === 'basic')
    return { username: target.auth.username, password: target.auth.password };
  try {
    const url = new URL(target.url ?? '');
    if (url.username === '' && url.password === '') return null;
    return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    return null;
  }
}

/** Quotes a value for an error line, cut short so a large message cannot flood the results. */
export function quote(text: string, max = 80): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

/** Adds validate.ts's problems for a field that must be a non-empty single line. */
export function checkLine(
  value: string | null | undefined,
  path: string,
  add: (path: string, message: string) => void,
): void {
  if (value === null || value === undefined) return;
  if (value === '') add(path, 'must not be empty (leave it out instead)');
  else if (/[\r\n\0]/.test(value)) add(path, 'must be a single line');
}
