import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { api } from '../api/client.js';
import { ApiError } from '../api/problem.js';
import { refreshSession } from '../api/refresh.js';
import { announce, clearSession, onSessionChange, readSession, storeTokens } from '../api/session.js';
import type { Me, MfaRequired, Role, SecondFactor, TokenPair } from '../api/types.js';

interface AuthState {
  me: Me | null;
  /** True until the first identity lookup has answered. */
  loading: boolean;
  /** Signs in; resolves to the challenge token when a second factor must follow, else null. */
  signIn(username: string, password: string): Promise<string | null>;
  /** The second step of a two-factor sign-in. */
  signInMfa(mfaToken: string, factor: SecondFactor): Promise<void>;
  signOut(): Promise<void>;
  reload(): Promise<void>;
  /**
   * The password typed at this tab's sign-in, kept only while that account must change it, so the
   * forced change does not ask for it a second time (null after a reload: then it asks).
   */
  signInPassword(): string | null;
  /** True when the signed-in role is at least `role`. */
  can(role: Role): boolean;
}

const rank: Record<Role, number> = { viewer: 0, admin: 1, superadmin: 2 };
const AuthContext = createContext<AuthState | null>(null);

/** Holds who is signed in; every screen reads it through useAuth(). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [loading, setLoading] = useState(true);
  const typed = useRef<string | null>(null);

  const reload = useCallback(async () => {
    try {
      // A new tab or a reload has no access token in memory: the refresh cookie, if any, gets one.
      if (!readSession() && !(await refreshSession())) {
        setMe(null);
        return;
      }
      const who = await api<Me>('/api/auth/me');
      if (!who.must_change_password) typed.current = null;
      setMe(who);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) clearSession();
      setMe(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
    return onSessionChange((from) => {
      // Another tab signing in shares its cookie with us; one signing out ends this tab's sign-in too.
      if (from === 'signed-in' && !readSession()) void reload();
      else if (!readSession()) setMe(null);
    });
  }, [reload]);

  // Both sign-in steps post JSON and, on a token pair, keep it and load the identity.
  const post = useCallback(
    async (url: string, payload: object): Promise<string | null> => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...payload, refresh_transport: 'cookie' }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new ApiError(res.status, body);
      if ((body as MfaRequired).mfa_required) return (body as MfaRequired).mfa_token;
      storeTokens(body as TokenPair);
      announce('signed-in');
      await reload();
      return null;
    },
    [reload],
  );
  const signIn = useCallback(
    (username: string, password: string) => {
      typed.current = password;
      return post('/api/auth/login', { username, password });
    },
    [post],
  );
  const signInMfa = useCallback(
    async (mfaToken: string, factor: SecondFactor) => {
      await post('/api/auth/login/mfa', { mfa_token: mfaToken, ...factor });
    },
    [post],
  );

  const signOut = useCallback(async () => {
    typed.current = null;
    clearSession();
    // The server ends the cookie's session (and this user's access tokens) and clears the cookie;
    // the sign-in page shows only once that is done (or has failed), so a tab closed on it leaves
    // no live refresh cookie behind. A server that does not answer holds it up for 5 s at most.
    await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
    setMe(null);
    announce('signed-out');
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      me,
      loading,
      signIn,
      signInMfa,
      signOut,
      reload,
      signInPassword: () => (me?.must_change_password ? typed.current : null),
      // GET /api/auth/me documents the role as text; it is one of the roles (an unknown one is never allowed).
      can: (role: Role) => !!me && rank[me.role as Role] >= rank[role],
    }),
    [me, loading, signIn, signInMfa, signOut, reload],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in identity and the sign-in actions. */
export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
