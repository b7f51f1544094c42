import { request } from 'undici';
import type { DeliveryOutcome } from './types.js';

/** How much of a provider's answer is kept in errors and the delivery log. */
const EXCERPT_CHARS = 500;

/** Shortens a provider's body for error messages. */
export function excerpt(text: string): string {
  const t = text.trim();
  return t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS)}…` : t;
}

/**
 * POSTs to a provider and judges the answer: any 2xx is delivered, anything else is the provider's
 * error (status and body excerpt); network failures and timeouts become errors without a status.
 */
export function postToProvider(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  // Some providers answer 200 with an error in the body (Telegram's ok:false, Slack's text).
  judge?: (status: number, text: string) => string | null,
): Promise<DeliveryOutcome> {
  return callProvider('POST', url, body, headers, timeoutMs, judge);
}

/** postToProvider with another method (Matrix sends with PUT). */
export async function callProvider(
  method: 'POST' | 'PUT',
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  judge?: (status: number, text: string) => string | null,
): Promise<DeliveryOutcome> {
  try {
    const res = await request(url, {
      method,
      headers: { 'user-agent': 'monitor-service', ...headers },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.body.text();
    const status = res.statusCode;
    if (status < 200 || status >= 300) {
      return { ok: false, status, error: `HTTP ${status}${text.trim() ? `: ${excerpt(text)}` : ''}` };
    }
    const problem = judge?.(status, text) ?? null;
    return problem ? { ok: false, status, error: problem } : { ok: true, status };
  } catch (e) {
    const err = e as Error & { code?: string };
    const what =
      err.name === 'TimeoutError' || err.name === 'AbortError'
        ? `timed out after ${timeoutMs} ms`
        : err.message;
    return { ok: false, status: null, error: err.code ? `${err.code}: ${what}` : what };
  }
}

/** A JSON POST with the usual content type. */
export function postJson(
  url: string,
  value: unknown,
  timeoutMs: number,
  headers: Record<string, string> = {},
  judge?: (status: number, text: string) => string | null,
): Promise<DeliveryOutcome> {
  return postToProvider(
    url,
    JSON.stringify(value),
    { 'content-type': 'application/json', ...headers },
    timeoutMs,
    judge,
  );
}

/** Joins a base URL and a path without doubling or losing slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A form-encoded POST (Twilio, Zulip, Pushover's classic form). */
export function postForm(
  url: string,
  fields: Record<string, string>,
  timeoutMs: number,
  headers: Record<string, string> = {},
  judge?: (status: number, text: string) => string | null,
): Promise<DeliveryOutcome> {
  return postToProvider(
    url,
    new URLSearchParams(fields).toString(),
    { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    timeoutMs,
    judge,
  );
}

/** HTTP Basic credentials for an authorization header. */
export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A judge for JSON answers that say success in a field: the field's value must be `want`. */
export const jsonFieldIs =
  (field: string, want: unknown) =>
  (_status: number, text: string): string | null => {
    try {
      const v = (JSON.parse(text) as Record<string, unknown>)[field];
      return v === want ? null : `the provider answered ${field}: ${JSON.stringify(v)}: ${excerpt(text)}`;
    } catch {
      return `the provider's answer is not JSON: ${excerpt(text)}`;
    }
  };
