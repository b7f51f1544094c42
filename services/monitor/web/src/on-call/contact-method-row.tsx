import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { ContactMethod, VerificationSent } from '../api/types.js';
import { CHANNEL_TYPES } from '../channels/channel-types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice } from '../components/notice.js';

/** One of the caller's contact methods: verify it with the code it was sent, resend, test, delete. */
export function ContactMethodRow({ method, onChanged }: { method: ContactMethod; onChanged(): void }) {
  const [code, setCode] = useState('');
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const run = async (what: () => Promise<string | null>) => {
    setNote(null);
    try {
      const text = await what();
      if (text) setNote({ kind: 'ok', text });
    } catch (err) {
      setNote({
        kind: 'error',
        text:
          err instanceof ApiError && err.errors.length
            ? err.errors.map((e) => e.message).join('; ')
            : messageOf(err),
      });
    }
  };
  const base = `/api/contact-methods/${method.id}`;
  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api(`${base}/verify`, { method: 'POST', body: { code: code.trim() } });
      onChanged();
      return null;
    });
  };
  const resend = () =>
    run(async () => {
      const r = await api<VerificationSent>(`${base}/resend`, { method: 'POST' });
      return r.sent
        ? 'A new code is on its way.'
        : `The code could not be sent: ${r.error ?? 'unknown error'}`;
    });
  const test = () =>
    run(async () => {
      await api(`${base}/test`, { method: 'POST' });
      return 'Test message sent.';
    });
  const remove = () =>
    run(async () => {
      await api(base, { method: 'DELETE' });
      onChanged();
      return null;
    });

  return (
    <li aria-label={`Contact method ${method.label}`} className="card">
      <strong>{method.label}</strong>{' '}
      <span className="muted">{CHANNEL_TYPES[method.type]?.label ?? method.type}</span>{' '}
      <span className={method.verified ? 'badge badge-up' : 'badge badge-pending'}>
        {method.verified ? 'verified' : 'not verified'}
      </span>
      {note && <Notice kind={note.kind}>{note.text}</Notice>}
      {!method.verified && (
        <form className="row-actions" onSubmit={verify} noValidate aria-label={`Verify ${method.label}`}>
          <label>
            Verification code{' '}
            <input
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit" className="primary">
            Verify
          </button>
          <button type="button" onClick={resend}>
            Resend code
          </button>
        </form>
      )}
      <div className="row-actions">
        {method.verified && (
          <button type="button" onClick={test}>
            Send test
          </button>
        )}
        <ConfirmButton label="Delete" question={`Delete ${method.label}?`} onConfirm={remove} />
      </div>
    </li>
  );
}
