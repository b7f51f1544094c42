import { type Dispatcher, request } from 'undici';
import { certDaysLeft, expiryWarning } from './cert-days.js';
import type { CheckType } from './check-type.js';
import type { Deadline } from './deadline.js';
import { describeError } from './errors.js';
import { certValidTo, httpAgent } from './http-agent.js';
import { jsonValueMatches, parseJsonPath, resolveJsonPath, showJsonValue } from './json-path.js';
import { downOutcome, elapsedMs, upOutcome } from './outcome.js';
import { matchStatus, parseStatusCodes, type StatusMatcher } from './status-codes.js';
import {
  type CheckOutcome,
  type CheckTarget,
  DEFAULT_EXPECTED_STATUS_CODES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TLS_WARN_DAYS,
  type HttpAuth,
} from './types.js';

type HttpMethod = 'GET' | 'POST' | 'HEAD';

// Assertions read at most this much of a body; a larger one is cut here, not downloaded whole.
const MAX_BODY_BYTES = 1024 * 1024;
// Without assertions the body is drained to keep the connection reusable, up to this much.
const DRAIN_LIMIT_BYTES = 128 * 1024;
const USER_AGENT = 'app-monitor/0.1 (uptime check)';

const METHOD: Record<string, HttpMethod> = { http_get: 'GET', http_post: 'POST', http_head: 'HEAD' };

// Monitors share a handful of distinct status expressions; parse each once.
const matcherCache = new Map<string, StatusMatcher | string>();

function statusMatcher(text: string): StatusMatcher | string {
  let cached = matcherCache.get(text);
  if (cached === undefined) {
    const parsed = parseStatusCodes(text);
    cached = parsed.ok ? parsed.matcher : `invalid expected_status_codes "${text}": ${parsed.message}`;
    if (matcherCache.size > 1000) matcherCache.clear();
    matcherCache.set(text, cached);
  }
  return cached;
}

/** Runs an http_get / http_post / http_head check within the deadline. */
export async function checkHttp(
  target: CheckTarget,
  deadline: Deadline,
  localAddress?: string,
): Promise<CheckOutcome> {
  const method = METHOD[target.monitor_type] ?? 'GET';
  let url: URL;
  try {
    url = new URL(target.url ?? '');
  } catch {
    return downOutcome(`invalid URL "${target.url ?? ''}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return downOutcome(`unsupported URL scheme "${url.protocol}": use http or https`);
  }
  const matcher = statusMatcher(target.expected_status_codes ?? DEFAULT_EXPECTED_STATUS_CODES);
  if (typeof matcher === 'string') return downOutcome(matcher);
  const wantsBody = Boolean(target.keyword) || Boolean(target.json_path);
  if (wantsBody && method === 'HEAD') {
    return downOutcome(
      'a keyword or JSON-path assertion needs a response body, and HEAD responses have none',
    );
  }

  const start = performance.now();
  let statusCode: number | null = null;
  try {
    const res = await follow(url, method, target, deadline, localAddress);
    statusCode = res.statusCode;
    const text = wantsBody && matchStatus(matcher, res.statusCode) ? await readText(res.body) : null;
    if (text === null) await res.body.dump({ limit: DRAIN_LIMIT_BYTES, signal: deadline.signal });
    const responseTime = elapsedMs(start);
    const tls = tlsFields(res.url, target.tls_warn_days ?? DEFAULT_TLS_WARN_DAYS);
    const extra = { response_time_ms: responseTime, status_code: statusCode, ...tls };
    if (!matchStatus(matcher, res.statusCode)) {
      return downOutcome(`expected status ${matcher.text}, got ${res.statusCode}`, extra);
    }
    const failure = text === null ? null : assertBody(text, target);
    return failure ? downOutcome(failure, extra) : upOutcome(extra);
  } catch (err) {
    // undici's parser refused the reply before a status line was read: the port speaks something else.
    if (statusCode === null && !deadline.signal.aborted && (err as Error).name === 'HTTPParserError') {
      return downOutcome('not an HTTP server: protocol error in the response');
    }
    return downOutcome(describeError(err, deadline), { status_code: statusCode });
  }
}

interface FinalResponse {
  url: URL;
  statusCode: number;
  body: Dispatcher.ResponseData['body'];
}

// Follows redirects by hand rather than with undici's interceptor so the final URL is known (for the
// certificate of the origin that answered) and exceeding the limit gets its own message.
async function follow(
  url: URL,
  method: HttpMethod,
  target: CheckTarget,
  deadline: Deadline,
  localAddress: string | undefined,
): Promise<FinalResponse> {
  const maxRedirects = Math.max(0, target.max_redirects ?? DEFAULT_MAX_REDIRECTS);
  const dispatcher = httpAgent(!target.ignore_tls_errors, localAddress);
  const headers = buildHeaders(target.headers ?? null, target.auth ?? urlCredentials(url));
  let body = method === 'POST' ? (target.body ?? null) : null;
  if (body !== null && !('content-type' in headers)) headers['content-type'] = guessContentType(body);
  for (let hops = 0; ; hops++) {
    const res = await request(url, {
      dispatcher,
      method,
      headers,
      body,
      signal: deadline.signal,
      // undici's own timers sit past the deadline, which therefore always reports first, in its words.
      headersTimeout: deadline.timeoutMs + 1000,
      bodyTimeout: deadline.timeoutMs + 1000,
    });
    const location = res.headers.location;
    if (maxRedirects === 0 || !isRedirect(res.statusCode) || typeof location !== 'string') {
      return { url, statusCode: res.statusCode, body: res.body };
    }
    await res.body.dump({ limit: DRAIN_LIMIT_BYTES, signal: deadline.signal });
    if (hops >= maxRedirects)
      throw new Error(`too many redirects: more than ${maxRedirects} (next: ${location})`);
    const next = new URL(location, url);
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new Error(`redirect to unsupported URL "${next.href}"`);
    }
    // Credentials stay with the origin they were configured for, as browsers and curl do.
    if (next.origin !== url.origin) delete headers.authorization;
    // 303 always, and 301/302 after a POST, continue as a GET without the body (the fetch standard's rule).
    if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = null;
      delete headers['content-type'];
    }
    url = next;
  }
}

// `http://user:pass@host/` means basic auth to curl and browsers; undici would silently drop it.
function urlCredentials(url: URL): HttpAuth | null {
  if (url.username === '' && url.password === '') return null;
  const auth: HttpAuth = {
    type: 'basic',
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
  url.username = '';
  url.password = '';
  return auth;
}

function isRedirect(code: number): boolean {
  return code === 301 || code === 302 || code === 303 || code === 307 || code === 308;
}

function buildHeaders(custom: Record<string, string> | null, auth: HttpAuth | null): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  if (custom) for (const [name, value] of Object.entries(custom)) headers[name.toLowerCase()] = value;
  if (auth?.type === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  } else if (auth?.type === 'bearer') {
    headers.authorization = `Bearer ${auth.token}`;
  }
  return headers;
}

function guessContentType(body: string): string {
  const first = body.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      JSON.parse(body);
      return 'application/json';
    } catch {
      // not JSON after all: fall through to plain text
    }
  }
  return 'text/plain; charset=utf-8';
}

async function readText(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    chunks.push(buf);
    size += buf.length;
    if (size >= MAX_BODY_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks, Math.min(size, MAX_BODY_BYTES)).toString('utf8');
}

// The first failing body assertion, or null when all pass.
function assertBody(text: string, target: CheckTarget): string | null {
  if (target.keyword && !text.includes(target.keyword)) {
    const scope = text.length >= MAX_BODY_BYTES ? ` (first ${MAX_BODY_BYTES} bytes)` : '';
    return `keyword ${JSON.stringify(target.keyword)} not found in body${scope}`;
  }
  if (!target.json_path) return null;
  const path = parseJsonPath(target.json_path);
  if (!path.ok) return `invalid json_path: ${path.message}`;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return `response body is not valid JSON (needed for JSON path ${target.json_path})`;
  }
  const value = resolveJsonPath(doc, path.keys);
  if (value === undefined) return `JSON path ${target.json_path} not found in body`;
  const expected = target.json_expected;
  if (expected === null || expected === undefined || jsonValueMatches(value, expected)) return null;
  return `JSON path ${target.json_path} is ${showJsonValue(value)}, expected ${JSON.stringify(expected)}`;
}

function tlsFields(url: URL, warnDays: number): { tls_days_left: number | null; warning: string | null } {
  if (url.protocol !== 'https:') return { tls_days_left: null, warning: null };
  const validTo = certValidTo(url);
  if (validTo === null) return { tls_days_left: null, warning: null };
  return { tls_days_left: certDaysLeft(validTo), warning: expiryWarning(validTo, warnDays) };
}

/** URL and field rules of the http_* types (see CheckType.validate). */
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

/** The http_get, http_post and http_head monitor types (the method is the type's), as registry.ts lists them. */
export const httpCheck: CheckType = {
  run: (target, { deadline, from }) => checkHttp(target, deadline, from),
  validate: validateHttp,
};
