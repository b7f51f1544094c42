import { ApiError } from './problem.js';
import { clearSession, readSession, type StoredSession, storeTokens } from './session.js';
import type { TokenPair } from './types.js';

let inFlight: Promise<StoredSession | null> | null = null;

/**
 * Trades the refresh token for a new pair. Refresh tokens rotate and a reused one revokes the whole
 * sign-in, so tabs must never refresh concurrently: a Web Lock serialises them across tabs, and a
 * tab that finds the stored token already rotated by another simply uses the new one.
 */
export function refreshSession(stale: StoredSession): Promise<StoredSession | null> {
  if (!inFlight) {
    inFlight = withLock(() => doRefresh(stale)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

async function doRefresh(stale: StoredSession): Promise<StoredSession | null> {
  const current = readSession();
  if (!current) return null;
  if (current.refreshToken !== stale.refreshToken && current.expiresAt > Date.now()) return current;
  const res = await fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: current.refreshToken }),
  });
  if (res.ok) return storeTokens((await res.json()) as TokenPair);
  if (res.status === 401 || res.status === 403 || res.status === 422) {
    clearSession();
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
