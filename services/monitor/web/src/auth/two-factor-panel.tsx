import { useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { TwoFactorStatus } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { useAuth } from './auth-context.js';
import { RecoveryCodesView } from './recovery-codes-view.js';
import { TwoFactorEnrol } from './two-factor-enrol.js';

const SIX_DIGITS = /^\d{6}$/;

/** The account page's two-factor section: set up, new recovery codes, turn off. */
export function TwoFactorPanel() {
  const status = useApi<TwoFactorStatus>('/api/auth/two-factor');
  const { reload } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    status.reload();
    void reload();
  };

  // One field takes the app's code or the password (passwords are never six digits).
  const act = async (action: 'disable' | 'recovery-codes') => {
    setError(null);
    setBusy(true);
    const typed = secret.trim();
    try {
      if (action === 'recovery-codes') {
        const res = await api<{ recovery_codes: string[] }>('/api/auth/two-factor/recovery-codes', {
          method: 'POST',
          body: { code: typed },
        });
        setCodes(res.recovery_codes);
      } else {
        await api('/api/auth/two-factor/disable', {
          method: 'POST',
          body: SIX_DIGITS.test(typed) ? { code: typed } : { password: typed },
        });
        refresh();
      }
      setSecret('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 429)
        setError('Too many wrong attempts. Try again later.');
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const s = status.data;
  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      <div className="card narrow">
        {status.error && <Notice kind="error">{status.error}</Notice>}
        {codes ? (
          <>
            {/* Codes exist only while two-factor is on, also right after turning it on. */}
            <p data-two-factor="on">On: signing in asks for a code from your authenticator app.</p>
            <RecoveryCodesView
              codes={codes}
              onDone={() => {
                setCodes(null);
                refresh();
              }}
            />
          </>
        ) : s && !s.enabled ? (
          <>
            <p data-two-factor="off">
              Off.{s.required && ' Your role requires it.'} With it on, signing in also asks for a code from
              an authenticator app on your phone.
            </p>
            <TwoFactorEnrol
              onDone={refresh}
              onConfirmed={(c) => {
                setCodes(c);
                refresh();
              }}
            />
          </>
        ) : s ? (
          <>
            <p data-two-factor="on">
              On since {new Date(s.enabled_at ?? '').toLocaleDateString()}. {s.recovery_codes_left} of 10
              recovery codes left.
            </p>
            {error && <Notice kind="error">{error}</Notice>}
            <Field label="Code from the app (or your password to turn off)">
              <input
                name="two-factor-secret"
                type="password"
                autoComplete="one-time-code"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
              />
            </Field>
            <div className="actions">
              <button
                type="button"
                disabled={busy || !SIX_DIGITS.test(secret.trim())}
                onClick={() => void act('recovery-codes')}
              >
                New recovery codes
              </button>
              <button
                type="button"
                className="danger"
                disabled={busy || !secret.trim()}
                onClick={() => void act('disable')}
              >
                Turn off
              </button>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
