import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { IncidentNote } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';
import { useIncidentVersion } from '../monitors/use-live.js';

/** The team's internal notes on an incident (who, when, what); admins add them. Never public. */
export function IncidentNotes({ incidentId, writable }: { incidentId: number; writable: boolean }) {
  // incident.* events (a note added elsewhere among them) reload the list.
  const notes = useApi<IncidentNote[]>(`/api/incidents/${incidentId}/notes`, undefined, useIncidentVersion());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(undefined);
    setBusy(true);
    try {
      await api(`/api/incidents/${incidentId}/notes`, { method: 'POST', body: { text } });
      setText('');
      notes.reload();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setFieldError(err.fieldMessages().text);
      else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card stack">
      <h2>Notes</h2>
      <p className="muted small">Internal: seen by signed-in users only, never on status pages.</p>
      {notes.error && <Notice kind="error">{notes.error}</Notice>}
      {notes.data?.length === 0 && <p className="muted">No notes yet.</p>}
      {notes.data && notes.data.length > 0 && (
        <ol className="timeline" aria-label="Notes">
          {notes.data.map((n) => (
            <li key={n.id}>
              <div className="muted small">
                {dateTime(n.created_at)} · {n.author}
              </div>
              <p className="words pre-line">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      {writable && (
        <form className="stack" onSubmit={submit} aria-label="Add a note" noValidate>
          {error && <Notice kind="error">{error}</Notice>}
          <Field label="Note" error={fieldError}>
            <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={5000} />
          </Field>
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              Add note
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
