import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../api/problem.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useAuth } from './auth-context.js';

/** The second sign-in step: the authenticator app's code, or one of the recovery codes. */
export function MfaStepForm({
  mfaToken,
  onRestart,
}: {
  mfaToken: string;
  onRestart(message?: string): void;
}) {
  const { signInMfa } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const typed = value.trim();
      await signInMfa(mfaToken, recovery ? { recovery_code: typed } : { code: typed.replace(/\s/g, '') });
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setError('Too many wrong codes. Try again later.');
      else if (err instanceof ApiError && err.code === 'invalid_token') {
        // The 5 minutes are over (or the step was used): the password step starts again.
        onRestart('The sign-in took too long. Enter your password again.');
      } else if (err instanceof ApiError && err.status === 422)
        setError('Enter the 6 digits shown by your app.');
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card auth-card" onSubmit={submit} aria-labelledby="mfa-title">
      <h1 id="mfa-title">Two-factor sign-in</h1>
      <p>
        {recovery
          ? 'Enter one of your recovery codes. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label={recovery ? 'Recovery code' : 'Authentication code'}>
        <input
          name={recovery ? 'recovery_code' : 'code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
      </Field>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <button
        type="button"
        className="link"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(null);
        }}
      >
        {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
      </button>
      <button type="button" className="link" onClick={() => onRestart()}>
        Back to sign-in
      </button>
    </form>
  );
}
