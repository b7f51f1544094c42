/** What a secret is replaced with in logs. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose value is a credential, compared case-insensitively after percent-decoding,
 * with `-` read as `_` (`API-Key` is `api_key`). Broad on purpose: a hidden harmless value costs
 * little, a shown or logged secret is a leak. The logs redact them, and the monitor masks them in
 * a monitor's URL (docs/monitor-api.md); the list is documented there.
 */
export const SECRET_QUERY_PARAMS = [
  'token',
  'ticket',
  'access_token',
  'accesstoken',
  'refresh_token',
  'id_token',
  'auth_token',
  'authtoken',
  'api_token',
  'apitoken',
  'private_token',
  'security_token',
  'api_key',
  'apikey',
  'key',
  'access_key',
  'secret_key',
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'client_secret',
  'signature',
  'sig',
  'code',
  'auth',
  'authorization',
  'credential',
  'jwt',
  'session',
  'session_id',
  'sessionid',
  'x_amz_signature',
  'x_amz_credential',
  'x_amz_security_token',
  'x_goog_signature',
  'x_goog_credential',
] as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern (for a case-insensitive regex) matching `text` as written or with any character
 * percent-encoded: the router decodes `/api/%68eartbeat/` to the heartbeat route, so the log
 * must recognise that spelling too.
 */
function anySpelling(text: string): string {
  return [...text]
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return /[a-z0-9]/i.test(c) || c === '_' || c === '/' ? `(?:${escapeRe(c)}|%${hex})` : escapeRe(c);
    })
    .join('');
}

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_QUERY_PARAMS);
// A `?name=value` / `&name=value` pair, in a URL as text or inside a JSON log line.
const QUERY_PAIR = /([?&])([^=&#\s"\\]{1,64})=([^&#\s"\\]*)/g;

/** The name as the server reads it: `%74oken` and `TOKEN` are `token`; `X-Amz-Signature` is `x_amz_signature`. */
export function queryParamName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {}
  return name.toLowerCase().replaceAll('-', '_');
}

/** Whether a query parameter, by its name as written in the URL, carries a credential. */
export const isSecretQueryParam = (rawName: string): boolean => SECRET_NAMES.has(queryParamName(rawName));

const redactPair = (all: string, sep: string, name: string) =>
  isSecretQueryParam(name) ? `${sep}${name}=${REDACTED}` : all;

// JSON properties that hold a credential (a body or object someone logs): `"refresh_token":"…"`.
// The query names, less those that log lines use for harmless things (`code`, `key`, `sig`,
// `session`, `auth`, `signature`: error codes, ids, flags) and less a bare `password`/`passwd`:
// the monitor's first start prints the one-time admin password on purpose (the only secret a log
// line carries by design; see docs/operations.md). Plus the names only request bodies use.
const NOT_JSON_SECRETS: ReadonlySet<string> = new Set([
  'code',
  'key',
  'sig',
  'session',
  'auth',
  'signature',
  'password',
  'passwd',
]);
const JSON_NAMES = [
  ...SECRET_QUERY_PARAMS.filter((n) => !NOT_JSON_SECRETS.has(n)),
  'raw_key',
  'current_password',
  'new_password',
].join('|');
const JSON_SECRET = new RegExp(`("(?:${JSON_NAMES})"\\s*:\\s*")(?:[^"\\\\]|\\\\.)*"`, 'gi');
// Self-identifying credentials, wherever they appear: JWTs and the monitor's API keys.
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const API_KEY = /\bmon(?:_|%5f)[A-Za-z0-9_-]{6,}/gi;

/** How a log scrubber is configured: path prefixes whose next segment is a secret. */
export interface RedactOptions {
  /** e.g. `['/api/heartbeat/']`: `/api/heartbeat/<token>/fail` logs as `/api/heartbeat/[REDACTED]/fail`. */
  secretPathPrefixes?: readonly string[];
}

/**
 * A function that removes credentials from any text: a URL, a message or a whole JSON log line.
 * It knows the secret query parameters, the given secret path segments, JWTs and `mon_` keys.
 */
export function secretScrubber(opts: RedactOptions = {}): (text: string) => string {
  const prefixes = opts.secretPathPrefixes ?? [];
  const pathSecret = prefixes.length
    ? new RegExp(`(${prefixes.map(anySpelling).join('|')})[^/?#\\s"\\\\]+`, 'gi')
    : null;
  // Every log line passes here: each pattern runs only when a cheap substring test says it may match.
  return (text) => {
    let out = text;
    if (out.includes('=')) out = out.replace(QUERY_PAIR, redactPair);
    if (out.includes('":')) out = out.replace(JSON_SECRET, `$1${REDACTED}"`);
    if (out.includes('eyJ')) out = out.replace(JWT, REDACTED);
    if (/mon/i.test(out)) out = out.replace(API_KEY, REDACTED);
    if (pathSecret) out = out.replace(pathSecret, `$1${REDACTED}`);
    return out;
  };
}
