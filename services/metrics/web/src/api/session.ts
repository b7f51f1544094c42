// Whether the service wants its access token and this browser has no session yet. The token itself
// never stays in the page: it is sent once to POST /api/session, which answers with an httpOnly cookie
// that every later request, EventSource stream and download link carries by itself.
import { useSyncExternalStore } from 'react';
import type { SessionState as SessionAnswer } from '../../../src/shared-types/session-shape.js';

/** GET /api/session's answer; a check that failed knows nothing of the admin rights, and leaves them out. */
export type SessionState = Omit<SessionAnswer, 'admin' | 'admin_configured'> &
  Partial<Pick<SessionAnswer, 'admin' | 'admin_configured'>>;

let needed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Marks that the service answered 401: the UI shows the sign-in page. */
export function requireSignIn(): void {
  if (needed) return;
  needed = true;
  emit();
}

/** True while the sign-in page must be shown. */
export function useSignInNeeded(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => needed,
  );
}

/** Asks the service at start whether a token is needed (so the first page is the right one). */
export async function checkSession(): Promise<SessionState> {
  const res = await fetch('/api/session');
  if (!res.ok) return { required: false, authenticated: true };
  const s = (await res.json()) as SessionState;
  if (s.required && !s.authenticated) requireSignIn();
  return s;
}

/** Trades the token for a session cookie; resolves to an error message, or null when signed in. */
export async function signIn(token: string): Promise<string | null> {
  const res = await fetch('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.ok) {
    needed = false;
    emit();
    return null;
  }
  try {
    const p = (await res.json()) as { detail?: string; title?: string };
    return p.detail ?? p.title ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

/** Ends the session (the cookie is cleared by the service). */
export async function signOut(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE' });
  requireSignIn();
}
