import { isSecretQueryParam } from '@app/kit';
import { FROZEN_SECRET_MASK as MASK } from './secret-seal.js';

/*
 * The migrations' own copy of how a monitor's credentials were told apart from its configuration
 * (engine/monitors/monitor-secrets.ts as of migration 065), frozen: a migration must not change
 * when the domain evolves, and the store imports no domain module. Do not edit to follow the
 * domain; a new rule for stored rows gets a new migration.
 */

/** The credential parts of a monitor's `url`, `headers` and `auth` columns. */
export interface FrozenSecrets {
  url_password?: string;
  url_query?: [string, string][];
  headers?: Record<string, string>;
  auth?: string;
}

/** The columns the credentials live in, parsed (headers and auth are JSON texts in the row). */
export interface CredentialColumns {
  url: string | null;
  headers: Record<string, string> | null;
  auth: { type: 'basic'; username: string; password: string } | { type: 'bearer'; token: string } | null;
}

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie)$|auth|token|secret|key|pass|session|signature|credential/i;

/** The URL up to the password, the password, and the rest from the `@` on (null: none). */
function userinfoOf(url: string | null): { head: string; password: string; tail: string } | null {
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
  return { head: m[1]! + authority.slice(0, colon + 1), password, tail: url.slice(m[1]!.length + at) };
}

/**
 * The credential query parameters split off a URL: the URL with their values as the mask, and the
 * values as [name, value] in order (none when there is nothing to split, or only masks).
 */
export function splitQueryCredentials(url: string | null): {
  url: string | null;
  url_query?: [string, string][];
} {
  if (url === null) return { url };
  const hash = url.indexOf('#');
  const q = url.indexOf('?');
  if (q < 0 || (hash >= 0 && hash < q)) return { url };
  const end = hash < 0 ? url.length : hash;
  const parts: { name: string; value: string; start: number; end: number }[] = [];
  let at = q + 1;
  for (const pair of url.slice(q + 1, end).split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && eq < pair.length - 1 && isSecretQueryParam(pair.slice(0, eq))) {
      const value = pair.slice(eq + 1);
      if (value !== MASK)
        parts.push({ name: pair.slice(0, eq), value, start: at + eq + 1, end: at + pair.length });
    }
    at += pair.length + 1;
  }
  if (parts.length === 0) return { url };
  let out = url;
  // From the end, so earlier offsets stay valid.
  for (let i = parts.length - 1; i >= 0; i--)
    out = out.slice(0, parts[i]!.start) + MASK + out.slice(parts[i]!.end);
  return { url: out, url_query: parts.map((p) => [p.name, p.value]) };
}

/** Splits columns holding real credentials into their masked form and the credentials. */
export function splitCredentials(c: CredentialColumns): {
  columns: CredentialColumns;
  secrets: FrozenSecrets;
} {
  const secrets: FrozenSecrets = {};
  const columns: CredentialColumns = { ...c };
  const u = userinfoOf(c.url);
  if (u) {
    secrets.url_password = u.password;
    columns.url = `${u.head}${MASK}${u.tail}`;
  }
  const query = splitQueryCredentials(columns.url);
  if (query.url_query) {
    secrets.url_query = query.url_query;
    columns.url = query.url;
  }
  if (c.headers) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(c.headers)) {
      if (value !== '' && SECRET_HEADER.test(name)) {
        secrets.headers = { ...secrets.headers, [name]: value };
        headers[name] = MASK;
      } else headers[name] = value;
    }
    columns.headers = headers;
  }
  const a = c.auth === null ? undefined : c.auth.type === 'basic' ? c.auth.password : c.auth.token;
  if (c.auth && a !== undefined && a !== '') {
    secrets.auth = a;
    columns.auth = c.auth.type === 'basic' ? { ...c.auth, password: MASK } : { ...c.auth, token: MASK };
  }
  return { columns, secrets };
}
