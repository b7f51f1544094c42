import { isUnreachableError, reportReachable, reportUnreachable } from '../lib/connectivity.js';
import { ApiError } from './problem.js';
import { freshSession, refreshSession } from './refresh.js';

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

/** A successful answer with its parsed body and the `Link: rel="next"` target, if any. */
export interface ApiResponse<T> {
  data: T;
  next: string | null;
  headers: Headers;
}

/** Builds `/api/...?a=b`, leaving out empty query values. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(url: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    reportReachable();
    return res;
  } catch (e) {
    // An abort is the caller's choice; anything else here means the server did not answer.
    if (!opts.signal?.aborted && isUnreachableError(e)) reportUnreachable();
    throw e;
  }
}

/**
 * Calls the API with the current access token. An expired or refused token is refreshed once,
 * silently, and the request replayed, so the page the user is on survives the 15-minute expiry.
 */
export async function apiFull<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = path.startsWith('/api/') && opts.query ? apiUrl(path, opts.query) : path;
  let session = await freshSession();
  let res = await send(url, opts, session?.accessToken ?? null);
  if (res.status === 401 && session) {
    // Refused: expired early, or this user signed out or changed password elsewhere. The cookie decides.
    session = await refreshSession(session);
    if (session) res = await send(url, opts, session.accessToken);
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return { data: body as T, next: nextLink(res.headers.get('link')), headers: res.headers };
}

/** Calls the API and returns the parsed body. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiFull<T>(path, opts)).data;
}

function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = part.match(/<([^>]+)>\s*;\s*rel="?next"?/);
    if (m?.[1]) {
      const u = new URL(m[1], location.origin);
      return u.pathname + u.search;
    }
  }
  return null;
}
