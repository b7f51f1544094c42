import { credentialsOf, parseServiceUrl, type ServiceUrl } from './service-url.js';
import type { CheckTarget } from './types.js';

/** Quotes a name or value for an error line, cut short so a large one cannot flood the results. */
export function quote(text: string, max = 80): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

/** Adds validate.ts's problem for a field that must be a non-empty single line. */
export function checkLine(
  value: string | null | undefined,
  path: string,
  add: (path: string, message: string) => void,
): void {
  if (value === null || value === undefined) return;
  if (value === '') add(path, 'must not be empty (leave it out instead)');
  else if (/[\r\n\0]/.test(value)) add(path, 'must be a single line');
}

/**
 * parseServiceUrl for schemes that have no default port (grpc): `host:port` is required. The
 * placeholder default is never used, because a URL without a port is refused here first.
 */
export function parseUrlWithPort(text: string, schemes: string[]): ServiceUrl | string {
  // `localhost:50051` would parse as a URL of scheme `localhost`: say what is expected instead.
  if (!text.includes('://')) return `must be a URL: ${schemes.map((s) => `${s}://`).join(' or ')}host:port`;
  const where = parseServiceUrl(text, Object.fromEntries(schemes.map((s) => [s, 0])));
  if (typeof where === 'string') return where;
  if (where.url.port === '') return `the port is missing (${where.scheme}://host:port)`;
  return where;
}

/** The URL without its userinfo: what a client is handed, so no password travels inside a URL. */
export function withoutUserinfo(url: URL): URL {
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return bare;
}

/** A `Basic` Authorization value from the check's credentials, or null when it has none. */
export function basicAuthorization(target: CheckTarget, url: URL): string | null {
  const { username, password } = credentialsOf(target, url);
  if (username === '' && password === '') return null;
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
