import { type FieldProblem, isSecretQueryParam, queryParamName } from '@app/kit';
import { decryptSecret, encryptSecret, SECRET_MASK } from '../../platform/crypto/secret-box.js';
import { CHECK_TYPES, type CheckType, type HttpAuth } from '../checks/index.js';
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
  /**
   * The values of the URL's credential query parameters (`?apitoken=…`, names as kit's
   * SECRET_QUERY_PARAMS), in the order they appear, as [name, value] written in the URL.
   */
  url_query?: [string, string][];
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

/** A credential parameter of a URL's query: where its value is in the text, and its name as written. */
interface QuerySecret {
  name: string;
  /** The name as compared (kit's queryParamName: `API-Key` and `api_key` are one parameter). */
  key: string;
  value: string;
  start: number;
  end: number;
  /** How many parameters of the same name come before it, so repeated names pair up in order. */
  nth: number;
}

/**
 * The credential parameters of the query (from `?` to `#`), found on the text as written, like
 * the userinfo: `name=value` pairs split on `&`, those with an empty value left alone.
 */
function querySecretsOf(url: string | null): QuerySecret[] {
  if (url === null) return [];
  const hash = url.indexOf('#');
  const q = url.indexOf('?');
  if (q < 0 || (hash >= 0 && hash < q)) return [];
  const end = hash < 0 ? url.length : hash;
  const out: QuerySecret[] = [];
  const seen = new Map<string, number>();
  let at = q + 1;
  for (const pair of url.slice(q + 1, end).split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && eq < pair.length - 1 && isSecretQueryParam(pair.slice(0, eq))) {
      const name = pair.slice(0, eq);
      const key = queryParamName(name);
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      out.push({ name, key, value: pair.slice(eq + 1), start: at + eq + 1, end: at + pair.length, nth });
    }
    at += pair.length + 1;
  }
  return out;
}

/** The URL with each credential parameter's value replaced by what `value` gives (null: the pair goes). */
function replaceQuery(url: string, parts: QuerySecret[], value: (p: QuerySecret) => string | null): string {
  let out = url;
  const values = parts.map(value);
  // From the end, so earlier offsets stay valid.
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i]!;
    const v = values[i] ?? null;
    if (v !== null) {
      out = out.slice(0, p.start) + v + out.slice(p.end);
      continue;
    }
    // Drop `name=value` with the `&` before it (or after it, when it is the first pair).
    const from = p.start - p.name.length - 1;
    if (out[from - 1] === '&') out = out.slice(0, from - 1) + out.slice(p.end);
    else if (out[p.end] === '&') out = out.slice(0, from) + out.slice(p.end + 1);
    else out = out.slice(0, from - 1) + out.slice(p.end);
  }
  return out;
}

/** The stored value of the credential parameter `p` stands for: same name, same place among its namesakes. */
function storedParam(secrets: MonitorSecrets | undefined, p: QuerySecret): string | undefined {
  return (secrets?.url_query ?? []).filter(([n]) => queryParamName(n) === p.key)[p.nth]?.[1];
}

/**
 * The credential query parameters split off a URL: the URL with their values as the mask, and the
 * values (none when there is nothing to split, or only masks). Used on save and by migration 065.
 */
export function splitQuerySecrets(url: string | null): {
  url: string | null;
  url_query?: [string, string][];
} {
  const parts = querySecretsOf(url).filter((p) => p.value !== SECRET_MASK);
  if (parts.length === 0) return { url };
  return {
    url: replaceQuery(url!, parts, () => SECRET_MASK),
    url_query: parts.map((p) => [p.name, p.value]),
  };
}

/** A URL with its password and credential query parameters (if any) shown as the mask: safe to display and to log. */
export function maskUrl(url: string | null): string | null {
  const u = userinfoOf(url);
  return splitQuerySecrets(u ? `${u.head}${SECRET_MASK}${u.tail}` : url).url;
}

/** The user name and password of a URL's userinfo, decoded, when it carries a password. */
function urlCredentials(url: string, password: string): HttpAuth {
  const u = userinfoOf(url)!;
  const user = u.head.slice(u.head.indexOf('//') + 2, -1);
  return { type: 'basic', username: decodeURIComponent(user), password: decodeURIComponent(password) };
}

// Default ports of the service schemes, so `redis://h` and `redis://h:6379` are one destination:
// `redis:` → '6379', as each check type declares (CheckType.defaultPorts).
const DEFAULT_PORTS: Record<string, string> = Object.fromEntries(
  Object.values(CHECK_TYPES).flatMap((t: CheckType) =>
    Object.entries(t.defaultPorts ?? {}).map(([scheme, port]) => [`${scheme}:`, String(port)]),
  ),
);

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
  // `what` names the part of a field that is masked (a query parameter of `url`).
  const keep = (path: string, value: string | undefined, what = ''): string => {
    if (value === undefined) {
      problems.push({ path, message: `${what}is the mask but no secret is stored: send the value` });
    } else if (!samePlace) {
      problems.push({
        path,
        message: `${what}is the mask but the monitor now points elsewhere: enter the secret again`,
      });
    }
    return value ?? SECRET_MASK;
  };
  const out: MonitorConfig = { ...c };
  const masked = querySecretsOf(c.url).filter((p) => p.value === SECRET_MASK);
  if (masked.length > 0) {
    out.url = replaceQuery(c.url!, masked, (p) =>
      keep('url', storedParam(stored?.secrets, p), `query parameter "${p.name}" `),
    );
  }
  const u = userinfoOf(out.url);
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
  const query = splitQuerySecrets(config.url);
  if (query.url_query) {
    secrets.url_query = query.url_query;
    config.url = query.url;
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
  const masked = querySecretsOf(url).filter((p) => p.value === SECRET_MASK);
  if (masked.length > 0 && secrets.url_query) {
    url = replaceQuery(url!, masked, (p) => storedParam(secrets, p) ?? p.value);
  }
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
  const masked = querySecretsOf(c.url).filter((p) => p.value === SECRET_MASK);
  if (masked.length > 0) {
    out.url = replaceQuery(c.url!, masked, () => null);
    for (const p of masked) dropped.push(`url?${p.name}`);
  }
  const u = userinfoOf(out.url);
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
