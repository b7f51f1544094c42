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
export async function postToProvider(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  // Some providers answer 200 with an error in the body (Telegram's ok:false, Slack's text).
  judge?: (status: number, text: string) => string | null,
): Promise<DeliveryOutcome> {
  try {
    const res = await request(url, {
      method: 'POST',
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
