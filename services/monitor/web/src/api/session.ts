import type { TokenPair } from './types.js';

/** What the browser keeps of a sign-in; in localStorage so a reload or a second tab stays signed in. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token should not be used. */
  expiresAt: number;
}

const KEY = 'monitor.session';
const listeners = new Set<() => void>();

/** The current session, or null when signed out. */
export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredSession;
    return typeof s.accessToken === 'string' && typeof s.refreshToken === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Stores a fresh token pair (login, refresh, password change). */
export function storeTokens(pair: TokenPair): StoredSession {
  // A 30 s margin so a request never leaves with a token about to expire in flight.
  const s: StoredSession = {
    accessToken: pair.access_token,
    refreshToken: pair.refresh_token,
    expiresAt: Date.now() + (pair.expires_in - 30) * 1000,
  };
  localStorage.setItem(KEY, JSON.stringify(s));
  emit();
  return s;
}

/** Forgets the session (sign-out, or a refresh token the server refused). */
export function clearSession(): void {
  localStorage.removeItem(KEY);
  emit();
}

/** Calls `fn` whenever the session changes, in this tab or another. */
export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit() {
  for (const l of listeners) l();
}

window.addEventListener('storage', (e) => {
  if (e.key === KEY) emit();
});
