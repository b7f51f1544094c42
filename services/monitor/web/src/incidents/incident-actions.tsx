import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { IncidentDetail, IncidentUpdateStatus } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';

const STATUSES: IncidentUpdateStatus[] = ['investigating', 'identified', 'monitoring', 'resolved'];

interface Props {
  incident: IncidentDetail;
  onChanged(i: IncidentDetail): void;
}

function useSubmit(onChanged: Props['onChanged']) {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<IncidentDetail>) => {
    setError(null);
    setFields({});
    setBusy(true);
    try {
      onChanged(await call());
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setFields(e.fieldMessages());
      else setError(messageOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, fields, busy, run };
}

/**
 * Acknowledge from the incident page, where an alert's link lands: it stops the escalation.
 * Only an open incident offers it.
 */
export function AcknowledgeButton({ incident, onChanged }: Props) {
  const s = useSubmit(onChanged);
  if (incident.status !== 'open') return null;
  return (
    <>
      <button
        type="button"
        className="primary"
        disabled={s.busy}
        onClick={() =>
          void s.run(() =>
            api<IncidentDetail>(`/api/incidents/${incident.id}/acknowledge`, { method: 'POST' }),
          )
        }
      >
        Acknowledge
      </button>
      {s.error && <Notice kind="error">{s.error}</Notice>}
    </>
  );
}

/** Admins post a timeline entry; "resolved" on an unresolved incident resolves it. */
export function AddUpdateForm({ incident, onChanged }: Props) {
  const resolved = incident.status === 'resolved';
  const [status, setStatus] = useState<IncidentUpdateStatus>(resolved ? 'resolved' : 'investigating');
  const [message, setMessage] = useState('');
  const s = useSubmit(onChanged);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await s.run(() =>
      api<IncidentDetail>(`/api/incidents/${incident.id}/updates`, {
        method: 'POST',
        body: { status, message },
      }),
    );
    if (ok) setMessage('');
  };
  return (
    <form className="card stack" onSubmit={submit} aria-label="Add an update">
      <h2>{resolved ? 'Add a follow-up' : 'Post an update'}</h2>
      {s.error && <Notice kind="error">{s.error}</Notice>}
      <Field label="Status" error={s.fields.status}>
        <select value={status} onChange={(e) => setStatus(e.target.value as IncidentUpdateStatus)}>
          {(resolved ? (['resolved'] as const) : STATUSES).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Message"
        error={s.fields.message}
        hint={
          !resolved && status === 'resolved'
            ? 'Posting "resolved" resolves the incident.'
            : 'Shown on status pages.'
        }
      >
        <textarea
          rows={3}
          maxLength={5000}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={s.busy}>
          Post update
        </button>
      </div>
    </form>
  );
}

/** Resolve by hand, with an optional message for the timeline. */
export function ResolveForm({ incident, onChanged }: Props) {
  const [message, setMessage] = useState('');
  const s = useSubmit(onChanged);
  if (incident.status === 'resolved') return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await s.run(() =>
      api<IncidentDetail>(`/api/incidents/${incident.id}/resolve`, {
        method: 'POST',
        body: message.trim() ? { message } : {},
      }),
    );
  };
  return (
    <form className="card stack" onSubmit={submit} aria-label="Resolve">
      <h2>Resolve by hand</h2>
      {s.error && <Notice kind="error">{s.error}</Notice>}
      <Field
        label="Resolution message"
        error={s.fields.message}
        hint="Optional. If the monitor still fails, its next failed check opens a new incident."
      >
        <textarea rows={2} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={s.busy}>
          Resolve incident
        </button>
      </div>
    </form>
  );
}

/** Write or edit the postmortem; an empty text removes it. */
export function PostmortemForm({ incident, onChanged }: Props) {
  const [text, setText] = useState(incident.postmortem ?? '');
  useEffect(() => setText(incident.postmortem ?? ''), [incident.postmortem]);
  const s = useSubmit(onChanged);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await s.run(() =>
      api<IncidentDetail>(`/api/incidents/${incident.id}/postmortem`, {
        method: 'PUT',
        body: { postmortem: text.trim() ? text : null },
      }),
    );
  };
  return (
    <form className="card stack" onSubmit={submit} aria-label="Postmortem">
      <h2>Postmortem</h2>
      {s.error && <Notice kind="error">{s.error}</Notice>}
      <Field
        label="Postmortem text"
        error={s.fields.postmortem}
        hint="Shown on status pages. Empty removes it."
      >
        <textarea rows={6} maxLength={50000} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <div className="form-actions">
        <button type="submit" disabled={s.busy}>
          Save postmortem
        </button>
      </div>
    </form>
  );
}
