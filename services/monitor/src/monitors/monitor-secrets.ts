import type { FieldProblem } from '@app/kit';
import { decryptSecret, encryptSecret, SECRET_MASK } from '../channels/secret-box.js';
import type { HttpAuth } from '../checks/index.js';
import type { MonitorConfig } from './monitor-input.js';

/**
 * The credentials of a monitor, kept apart from its configuration: the configuration columns hold
 * the mask where a credential was, and this (encrypted as one `enc:v1:` text) holds the values.
 * Only the checker ever opens it, so every other reader (API, export, audit, notifications)
 * sees masks without having to remember to hide anything.
 */
export interface MonitorSecrets {
  /** The password of `https://user:password@host/…`, as written in the URL (percent-encoded). */
  url_password?: string;
  /** Values of the headers whose names look like credentials, by header name as sent. */
  headers?: Record<string, string>;
  /** The basic-auth password or the bearer token, whichever `auth.type` says. */
  auth?: string;
}

/**
 * Header names whose values are credentials: the standard ones, and any name that mentions a key,
 * token, secret, password, session, signature or auth (X-Api-Key, X-Auth-Token, Private-Token…).
 */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie)$|auth|token|secret|key|pass|session|signature|credential/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

interface Userinfo {
  /** Everything up to and including the `:` before the password. */
  head: string;
  password: string;
  /** From the `@` on. */
  tail: string;
}

/**
 * The password part of `scheme://user:password@host…`, found on the text as written (no URL
 * normalisation, so what the user typed comes back unchanged). The authority ends at the first
 * `/`, `?` or `#`; its userinfo runs to the last `@`, as WHATWG URL parsing has it.
 */
function userinfoOf(url: string | null): Userinfo | null {
  if (url === null) return null;
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  if (!m) return null;
  const authority = m[2]!;
  const at = authority.lastIndexOf('@');
  if (at < 0) return null;
  const colon = authority.indexOf(':');
  if (colon < 0 || colon > at) return null;
  const password = authority.slice(colon + 1, at);
  if (password === '') return null;
  return {
    head: m[1]! + authority.slice(0, colon + 1),
    password,
    tail: url.slice(m[1]!.length + at),
  };
}

/** A URL with its password (if any) shown as the mask: safe to display and to log. */
export function maskUrl(url: string | null): string | null {
  const u = userinfoOf(url);
  return u ? `${u.head}${SECRET_MASK}${u.tail}` : url;
}

/** The user name and password of a URL's userinfo, decoded, when it carries a password. */
function urlCredentials(url: string, password: string): HttpAuth {
  const u = userinfoOf(url)!;
  const user = u.head.slice(u.head.indexOf('//') + 2, -1);
  return { type: 'basic', username: decodeURIComponent(user), password: decodeURIComponent(password) };
}

// Default ports of the service schemes, so `redis://h` and `redis://h:6379` are one destination.
const DEFAULT_PORTS: Record<string, string> = {
  'postgres:': '5432',
  'postgresql:': '5432',
  'mysql:': '3306',
  'mariadb:': '3306',
  'redis:': '6379',
  'rediss:': '6379',
  'smtp:': '25',
  'smtps:': '465',
  'mqtt:': '1883',
  'mqtts:': '8883',
  'amqp:': '5672',
  'amqps:': '5671',
};

/**
 * Where the credentials go: scheme, host and port of the URL (a path change keeps them). WHATWG
 * gives non-web schemes (postgres://, redis://, smtp://…) the origin "null", which would make
 * every such URL the same place, so those compare scheme, host and port themselves; text that is
 * no URL with a host (host:port of a tcp monitor) compares whole.
 */
export function destination(url: string | null): string | null {
  if (url === null) return null;
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return url.trim().toLowerCase();
  }
  if (u.origin !== 'null') return u.origin;
  if (u.hostname === '') return url.trim().toLowerCase();
  const port = u.port || DEFAULT_PORTS[u.protocol] || '';
  return `${u.protocol}//${u.hostname.toLowerCase()}:${port}`;
}

const authSecret = (auth: HttpAuth | null) =>
  auth === null ? undefined : auth.type === 'basic' ? auth.password : auth.token;

/** The stored form of a stored monitor's credentials, before any were ever stored. */
export interface StoredSecrets {
  /** The monitor as stored: credentials masked. */
  config: MonitorConfig;
  secrets: MonitorSecrets;
}

/**
 * Replaces every mask sent back by the stored value it stands for, so the result holds the real
 * credentials. A mask keeps its value only where a value is stored and the monitor still points at
 * the same origin: moving a monitor to another host must not carry its credentials along unseen
 * (an admin who cannot read them could otherwise have the checker send them anywhere).
 */
export function resolveMasks(
  c: MonitorConfig,
  stored: StoredSecrets | null,
): { config: MonitorConfig; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const samePlace = stored !== null && destination(stored.config.url) === destination(c.url);
  const keep = (path: string, value: string | undefined): string => {
    if (value === undefined) {
      problems.push({ path, message: 'is the mask but no secret is stored: send the value' });
    } else if (!samePlace) {
      problems.push({
        path,
        message: 'is the mask but the monitor now points elsewhere: enter the secret again',
      });
    }
    return value ?? SECRET_MASK;
  };
  const out: MonitorConfig = { ...c };
  const u = userinfoOf(c.url);
  if (u && u.password === SECRET_MASK) {
    out.url = `${u.head}${keep('url', stored?.secrets.url_password)}${u.tail}`;
  }
  if (c.headers) {
    const storedHeaders = Object.entries(stored?.secrets.headers ?? {});
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.headers)) {
      if (value !== SECRET_MASK || !isSecretHeader(name)) {
        headers[name] = value;
        continue;
      }
      const found = storedHeaders.find(([n]) => n.toLowerCase() === name.toLowerCase());
      headers[name] = keep(`headers.${name}`, found?.[1]);
    }
    out.headers = headers;
  }
  if (c.auth && authSecret(c.auth) === SECRET_MASK) {
    const same = stored?.config.auth?.type === c.auth.type ? stored.secrets.auth : undefined;
    out.auth =
      c.auth.type === 'basic'
        ? { ...c.auth, password: keep('auth.password', same) }
        : { ...c.auth, token: keep('auth.token', same) };
  }
  return { config: out, problems };
}

/** Splits a configuration holding real credentials into its masked form and the credentials. */
export function splitSecrets(c: MonitorConfig): StoredSecrets {
  const secrets: MonitorSecrets = {};
  const config: MonitorConfig = { ...c };
  const u = userinfoOf(c.url);
  if (u) {
    secrets.url_password = u.password;
    config.url = `${u.head}${SECRET_MASK}${u.tail}`;
  }
  if (c.headers) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.headers)) {
      if (value !== '' && isSecretHeader(name)) {
        secrets.headers = { ...secrets.headers, [name]: value };
        headers[name] = SECRET_MASK;
      } else headers[name] = value;
    }
    config.headers = headers;
  }
  const a = authSecret(c.auth);
  if (c.auth && a !== undefined && a !== '') {
    secrets.auth = a;
    config.auth =
      c.auth.type === 'basic' ? { ...c.auth, password: SECRET_MASK } : { ...c.auth, token: SECRET_MASK };
  }
  return { config, secrets };
}

/** The `secrets` column: null when there is nothing to keep. */
export function sealSecrets(key: Buffer, secrets: MonitorSecrets): string | null {
  return Object.keys(secrets).length === 0 ? null : encryptSecret(key, JSON.stringify(secrets));
}

/** Reverses sealSecrets; throws when the key changed or the text was tampered with. */
export function openSecrets(key: Buffer, stored: string | null): MonitorSecrets {
  return stored === null ? {} : (JSON.parse(decryptSecret(key, stored)) as MonitorSecrets);
}

/**
 * The configuration with the stored credentials put back where their masks are, as the checker
 * needs it. A URL password becomes basic auth (unless `auth` is set, which wins, as it does for
 * the checker) and leaves the URL, so error messages quoting the URL never carry it.
 */
export function withSecrets(
  c: MonitorConfig,
  secrets: MonitorSecrets,
): Pick<MonitorConfig, 'url' | 'headers' | 'auth'> {
  let { url, auth } = c;
  let headers = c.headers;
  const u = userinfoOf(url);
  if (u && secrets.url_password !== undefined) {
    auth ??= urlCredentials(url!, secrets.url_password);
    url = u.head.slice(0, u.head.indexOf('//') + 2) + u.tail.slice(1);
  }
  if (headers && secrets.headers) headers = { ...headers, ...secrets.headers };
  if (auth && secrets.auth !== undefined && authSecret(auth) === SECRET_MASK) {
    auth = auth.type === 'basic' ? { ...auth, password: secrets.auth } : { ...auth, token: secrets.auth };
  }
  return { url, headers, auth };
}

/**
 * For import: an exported file carries masks, not credentials. Each masked credential is left
 * out (the header, the URL password, the whole `auth`) and named, so the monitor is created
 * without it and the user knows what to enter again.
 */
export function dropMasks(c: MonitorConfig): { config: MonitorConfig; dropped: string[] } {
  const dropped: string[] = [];
  const out: MonitorConfig = { ...c };
  const u = userinfoOf(c.url);
  if (u && u.password === SECRET_MASK) {
    out.url = `${u.head.slice(0, -1)}${u.tail}`;
    dropped.push('url');
  }
  if (c.headers) {
    const kept = Object.entries(c.headers).filter(([name, value]) => {
      const masked = value === SECRET_MASK && isSecretHeader(name);
      if (masked) dropped.push(`headers.${name}`);
      return !masked;
    });
    out.headers = kept.length > 0 ? Object.fromEntries(kept) : null;
  }
  if (c.auth && authSecret(c.auth) === SECRET_MASK) {
    out.auth = null;
    dropped.push(c.auth.type === 'basic' ? 'auth.password' : 'auth.token');
  }
  return { config: out, dropped };
}

/**
 * For import's update by name: a mask keeps the stored credential it stands for only while the
 * monitor keeps its origin (as PUT does); every other mask is left out and named.
 */
export function importCredentials(
  c: MonitorConfig,
  stored: StoredSecrets | null,
): { config: MonitorConfig; dropped: string[] } {
  const samePlace = stored !== null && destination(stored.config.url) === destination(c.url);
  return dropMasks(samePlace ? resolveMasks(c, stored).config : c);
}
