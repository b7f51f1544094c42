import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { QuietHours } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The caller's quiet hours: notifications below a severity wait until the hours end (docs/on-call.md). */
export function QuietHoursForm() {
  const stored = useApi<QuietHours | null>('/api/contact-methods/quiet-hours');
  const [draft, setDraft] = useState<QuietHours>({
    time_zone: browserZone(),
    start: '22:00',
    end: '07:00',
    min_severity: 'critical',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  const done = (text: string) => {
    setNote({ kind: 'ok', text });
    stored.reload();
  };
  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.errors.length) {
      setErrors(err.fieldMessages());
      setNote({ kind: 'error', text: 'Please correct the marked fields.' });
    } else setNote({ kind: 'error', text: messageOf(err) });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setNote(null);
    try {
      await api('/api/contact-methods/quiet-hours', { method: 'PUT', body: draft });
      done('Quiet hours saved.');
    } catch (err) {
      fail(err);
    }
  };
  const clear = async () => {
    setErrors({});
    setNote(null);
    try {
      await api('/api/contact-methods/quiet-hours', { method: 'DELETE' });
      done('Quiet hours removed.');
    } catch (err) {
      fail(err);
    }
  };
  const set = (patch: Partial<QuietHours>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <form className="card stack" onSubmit={save} noValidate aria-label="Quiet hours">
      <h3>Quiet hours</h3>
      <p className="muted small">
        {stored.data ? 'On.' : 'Off.'} While they last, notifications below the chosen severity wait until the
        hours end; a start after the end wraps midnight.
      </p>
      {note && <Notice kind={note.kind}>{note.text}</Notice>}
      <div className="grid2">
        <Field label="Quiet hours time zone" error={errors.time_zone}>
          <input value={draft.time_zone} onChange={(e) => set({ time_zone: e.target.value })} />
        </Field>
        <Field label="From (HH:MM)" error={errors.start}>
          <input type="time" value={draft.start} onChange={(e) => set({ start: e.target.value })} />
        </Field>
        <Field label="Until (HH:MM)" error={errors.end}>
          <input type="time" value={draft.end} onChange={(e) => set({ end: e.target.value })} />
        </Field>
        <Field label="Still deliver at once from" error={errors.min_severity}>
          <select
            value={draft.min_severity}
            onChange={(e) => set({ min_severity: e.target.value as QuietHours['min_severity'] })}
          >
            <option value="critical">critical (pages only)</option>
            <option value="warning">warning and above</option>
            <option value="info">info and above (recoveries wait)</option>
          </select>
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit">Save quiet hours</button>
        {stored.data && (
          <button type="button" onClick={clear}>
            Turn off quiet hours
          </button>
        )}
      </div>
    </form>
  );
}
