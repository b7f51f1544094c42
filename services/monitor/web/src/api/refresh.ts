import { ApiError } from './problem.js';
import { clearSession, readSession, type StoredSession, storeTokens } from './session.js';
import type { TokenPair } from './types.js';

let inFlight: Promise<StoredSession | null> | null = null;

/**
 * Trades the refresh cookie for a new access token (and a rotated cookie). Refresh tokens rotate
 * and a reused one revokes the whole sign-in; all tabs share the one cookie, so they must never
 * refresh concurrently: a Web Lock serialises them, and each tab then refreshes with the cookie
 * the previous one left. `_stale` is the session that was refused, kept for callers' clarity.
 */
export function refreshSession(_stale?: StoredSession | null): Promise<StoredSession | null> {
  if (!inFlight) {
    inFlight = withLock(doRefresh).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

async function doRefresh(): Promise<StoredSession | null> {
  // The cookie goes along by itself (same origin); the body stays empty so the server uses it.
  const res = await fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.ok) return storeTokens((await res.json()) as TokenPair);
  if (res.status === 401 || res.status === 403 || res.status === 422) {
    if (readSession()) clearSession();
    return null;
  }
  throw new ApiError(res.status, await res.json().catch(() => null));
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request('monitor.refresh', fn) as Promise<T>;
}

/** A usable access token, refreshed first when it is about to expire; null when signed out. */
export async function freshSession(): Promise<StoredSession | null> {
  const s = readSession();
  if (!s) return null;
  if (s.expiresAt > Date.now()) return s;
  return refreshSession(s);
}
