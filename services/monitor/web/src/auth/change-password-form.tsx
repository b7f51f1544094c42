import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import { storeTokens } from '../api/session.js';
import type { TokenPair } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';

/** What the server's password policy asks for, said next to every new-password field. */
export const PASSWORD_HINT = 'At least 12 characters; not the username, not a common password.';

/**
 * Changes the signed-in user's password; the API answers with a fresh pair that we keep. With
 * `known` (the password typed at sign-in a moment ago) it does not ask for the current one, unless
 * the server refuses it.
 */
export function ChangePasswordForm({
  onDone,
  known,
}: {
  onDone(): void | Promise<void>;
  known?: string | null;
}) {
  const [current, setCurrent] = useState(known ?? '');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    setOk(false);
    if (next !== repeat) {
      setErrors({ repeat: 'The two new passwords differ.' });
      return;
    }
    setBusy(true);
    try {
      const pair = await api<TokenPair>('/api/auth/change-password', {
        method: 'POST',
        body: { current_password: current, new_password: next },
      });
      storeTokens(pair);
      setOk(true);
      setCurrent('');
      setNext('');
      setRepeat('');
      await onDone();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="stack" aria-label="Change password">
      {error && <Notice kind="error">{error}</Notice>}
      {ok && <Notice kind="ok">Password changed.</Notice>}
      {(!known || errors.current_password) && (
        <Field label="Current password" error={errors.current_password}>
          <input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            required
          />
        </Field>
      )}
      <Field label="New password" hint={PASSWORD_HINT} error={errors.new_password}>
        <input
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
        />
      </Field>
      <Field label="Repeat new password" error={errors.repeat}>
        <input
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
        />
      </Field>
      <div>
        <button type="submit" className="primary" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
