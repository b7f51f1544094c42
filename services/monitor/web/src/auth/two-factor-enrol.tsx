import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { TwoFactorEnrolment } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { RecoveryCodesView } from './recovery-codes-view.js';

/**
 * Enrolment: a QR code (an <img> of a data: SVG, which the CSP's img-src allows) and the seed as
 * text, then a code from the app to confirm, then the recovery codes once.
 */
export function TwoFactorEnrol({
  onDone,
  onConfirmed,
}: {
  onDone(): void;
  /** Given, the caller shows the recovery codes (and that two-factor is now on) itself. */
  onConfirmed?(codes: string[]): void;
}) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      setEnrolment(await api<TwoFactorEnrolment>('/api/auth/two-factor/enrol', { method: 'POST' }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await api<{ recovery_codes: string[] }>('/api/auth/two-factor/confirm', {
        method: 'POST',
        body: { code: code.replace(/\s/g, '') },
      });
      if (onConfirmed) onConfirmed(res.recovery_codes);
      else setCodes(res.recovery_codes);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setError('That code is wrong; enter the current one.');
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodesView codes={codes} onDone={onDone} />;
  if (!enrolment) {
    return (
      <div>
        {error && <Notice kind="error">{error}</Notice>}
        <button type="button" className="primary" onClick={() => void start()} disabled={busy}>
          Set up two-factor sign-in
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} aria-label="Confirm two-factor sign-in">
      <p>Scan this QR code with an authenticator app, then enter the code it shows.</p>
      <img className="qr-code" src={enrolment.qr_code} alt="QR code for your authenticator app" />
      <p>
        Cannot scan? Enter this key: <code className="totp-secret">{enrolment.secret}</code>
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Code from the app">
        <input
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      </Field>
      <button type="submit" className="primary" disabled={busy}>
        Turn on
      </button>
    </form>
  );
}
