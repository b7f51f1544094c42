import type { TokenPair } from './types.js';

/**
 * What this tab keeps of a sign-in: the short-lived access token, in memory only. The refresh
 * token lives in an httpOnly cookie the page cannot read (so an injected script cannot carry it
 * away); a reload or a new tab gets its own access token by calling refresh with that cookie.
 */
export interface StoredSession {
  accessToken: string;
  /** Epoch ms after which the access token should not be used. */
  expiresAt: number;
}

type Message = 'signed-in' | 'signed-out';
let current: StoredSession | null = null;
const listeners = new Set<(from?: Message) => void>();

// Tabs tell each other about sign-in and sign-out (they share the cookie, not the memory).
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('monitor.session');

/** The current session of this tab, or null when it has none (yet). */
export function readSession(): StoredSession | null {
  return current;
}

/** Keeps a fresh access token (login, refresh, password change). */
export function storeTokens(pair: Pick<TokenPair, 'access_token' | 'expires_in'>): StoredSession {
  // A 30 s margin so a request never leaves with a token about to expire in flight.
  current = { accessToken: pair.access_token, expiresAt: Date.now() + (pair.expires_in - 30) * 1000 };
  emit();
  return current;
}

/** Forgets this tab's session (a refresh the server refused). */
export function clearSession(): void {
  current = null;
  emit();
}

/** Tells the other tabs that this one signed in or out, so they follow. */
export function announce(message: Message): void {
  channel?.postMessage(message);
}

/** Calls `fn` whenever the session changes here, or another tab signs in or out. */
export function onSessionChange(fn: (from?: Message) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function emit(from?: Message) {
  for (const l of listeners) l(from);
}

if (channel) {
  channel.onmessage = (e: MessageEvent<Message>) => {
    if (e.data === 'signed-out') current = null;
    emit(e.data);
  };
}
