import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Schedule, ScheduleOverride, User } from '../api/types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Field } from '../components/field.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';

/** A datetime-local value (the browser's clock) as an ISO instant; '' stays '' for the API to refuse. */
const instantOf = (local: string) => {
  const t = Date.parse(local);
  return Number.isNaN(t) ? local : new Date(t).toISOString();
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A schedule's overrides (who, from, to: they beat every layer), listed with a form to add one;
 * admins only. Times are entered on the browser's clock and sent as instants. `onChanged` lets
 * the card redraw its timeline.
 */
export function OverridesPanel({
  schedule,
  users,
  onChanged,
}: {
  schedule: Schedule;
  users: User[] | null;
  onChanged(): void;
}) {
  const list = useApi<ScheduleOverride[]>(`/api/schedules/${schedule.id}/overrides`);
  const [who, setWho] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const changed = () => {
    list.reload();
    onChanged();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    try {
      await api(`/api/schedules/${schedule.id}/overrides`, {
        method: 'POST',
        body: { user_id: Number(who), starts_at: instantOf(from), ends_at: instantOf(to) },
      });
      setWho('');
      setFrom('');
      setTo('');
      changed();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };
  const remove = async (o: ScheduleOverride) => {
    try {
      await api(`/api/schedules/${schedule.id}/overrides/${o.id}`, { method: 'DELETE' });
      changed();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section aria-label={`${schedule.name} overrides`}>
      <h3>Overrides</h3>
      {list.error && <Notice kind="error">{list.error}</Notice>}
      <ul className="plain">
        {list.data?.map((o) => (
          <li key={o.id}>
            {o.username ?? `user #${o.user_id}`}: {when(o.starts_at)} – {when(o.ends_at)}{' '}
            <ConfirmButton
              label="Delete override"
              question={`Delete the override of ${o.username ?? o.user_id}?`}
              onConfirm={() => remove(o)}
            />
          </li>
        ))}
        {list.data?.length === 0 && <li className="muted">No overrides.</li>}
      </ul>
      <form className="stack" onSubmit={submit} noValidate aria-label={`New override for ${schedule.name}`}>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="grid2">
          {users ? (
            <Field label="Who" error={errors.user_id}>
              <select value={who} onChange={(e) => setWho(e.target.value)}>
                <option value="">Choose…</option>
                {users.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.username}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field label="Who (user id)" error={errors.user_id}>
              <input inputMode="numeric" value={who} onChange={(e) => setWho(e.target.value)} />
            </Field>
          )}
          <Field label="From" hint="Your browser’s time" error={errors.starts_at}>
            <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field label="To" error={errors.ends_at}>
            <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit">Add override</button>
        </div>
      </form>
    </section>
  );
}
