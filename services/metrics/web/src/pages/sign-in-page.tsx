import { useState } from 'react';
import { signIn } from '../api/session.js';

/** Asks for the service's access token (METRICS_API_TOKEN) and signs in with it. */
export function SignIn() {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!token) {
      setError('Enter the access token.');
      return;
    }
    setBusy(true);
    setError(await signIn(token));
    setBusy(false);
    setToken('');
  };

  return (
    <section className="card hero">
      <h1>Sign in</h1>
      <p className="muted">This service is protected by an access token. Ask whoever runs it.</p>
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <div className="field">
          <label htmlFor="access-token">Access token</label>
          <input
            id="access-token"
            name="token"
            type="password"
            autoComplete="current-password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'access-token-error' : undefined}
          />
          {error && (
            <p id="access-token-error" className="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </section>
  );
}
