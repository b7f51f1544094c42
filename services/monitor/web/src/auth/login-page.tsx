import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../api/problem.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useAuth } from './auth-context.js';
import { MfaStepForm } from './mfa-step-form.js';
import { SsoButton, SsoOnlyPage, useSsoChoice } from './sso-sign-in.js';

/** The sign-in form; after success the app shows the page the user asked for. */
export function LoginPage() {
  const { signIn } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sso = useSsoChoice();
  // Set once the password was right for a user with two-factor on: the code step follows.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setMfaToken(await signIn(username, password));
    } catch (err) {
      if (err instanceof ApiError && err.status === 429)
        setError('Too many failed sign-ins. Try again later.');
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (mfaToken) {
    return (
      <main className="auth-page">
        <MfaStepForm
          mfaToken={mfaToken}
          onRestart={(message) => {
            setMfaToken(null);
            setPassword('');
            setError(message ?? null);
          }}
        />
      </main>
    );
  }

  if (sso.passwordHidden) return <SsoOnlyPage sso={sso} />;
  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to Monitor</h1>
        {error && <Notice kind="error">{error}</Notice>}
        <SsoButton sso={sso} />
        <Field label="Username">
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </Field>
        <Field label="Password">
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
