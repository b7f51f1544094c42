import { useEffect, useState } from 'react';
import type { SignInProviders } from '../api/types.js';
import { Notice } from '../components/notice.js';
import { navigate } from '../lib/router.js';

// What the callback's `?sso_error=` codes mean to the person who was sent back here.
const SSO_ERRORS: Record<string, string> = {
  state: 'That sign-in expired or was started in another browser. Please try again.',
  provider_error: 'The sign-in provider did not sign you in.',
  provider_unavailable: 'The sign-in provider cannot be reached. Try again later.',
  code_rejected: 'The sign-in provider did not confirm the sign-in. Please try again.',
  no_role:
    'Your account has no role in this monitor. Ask an administrator to add you to a group that has one.',
  signup_disabled: 'Your account is not set up in this monitor. Ask an administrator to add you.',
  username_taken: 'No username was free for your account. Ask an administrator.',
  rate_limited: 'Too many single sign-on attempts. Try again later.',
};

export interface SsoChoice {
  providers: SignInProviders | null;
  /** The message of a refused single sign-on, once (the code is taken out of the address). */
  error: string | null;
  /** Password sign-in is off and the break-glass form was not asked for: show only the button. */
  passwordHidden: boolean;
  showPassword(): void;
}

/** The sign-in page's single sign-on state: the providers, a refusal to explain, the break-glass switch. */
export function useSsoChoice(): SsoChoice {
  const [providers, setProviders] = useState<SignInProviders | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [error] = useState(() => {
    const code = new URLSearchParams(location.search).get('sso_error');
    return code === null
      ? null
      : (SSO_ERRORS[code] ?? 'Single sign-on failed. Try again or ask an administrator.');
  });
  useEffect(() => {
    if (error !== null) navigate(location.pathname, { replace: true });
    let alive = true;
    fetch('/api/auth/providers')
      .then((res) => (res.ok ? (res.json() as Promise<SignInProviders>) : null))
      .then((p) => alive && setProviders(p))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [error]);
  return {
    providers,
    error,
    passwordHidden: providers?.password_login === false && !revealed,
    showPassword: () => setRevealed(true),
  };
}

/** "Sign in with …" (a plain link: the round trip through the provider is full-page navigation). */
export function SsoButton({ sso }: { sso: SsoChoice }) {
  const oidc = sso.providers?.oidc;
  return (
    <>
      {sso.error && <Notice kind="error">{sso.error}</Notice>}
      {oidc && (
        <div className="sso-choice">
          <a className="button primary sso-button" href="/api/auth/oidc/start">
            Sign in with {oidc.name}
          </a>
          {!sso.passwordHidden && <p className="auth-divider">or with a password</p>}
        </div>
      )}
    </>
  );
}

/** The sign-in page when passwords are off: the button, and a small way in for the break-glass user. */
export function SsoOnlyPage({ sso }: { sso: SsoChoice }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1>Sign in to Monitor</h1>
        <SsoButton sso={sso} />
        <button type="button" className="link break-glass" onClick={sso.showPassword}>
          Break-glass sign-in
        </button>
      </div>
    </main>
  );
}
