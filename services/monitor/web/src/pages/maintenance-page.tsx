import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Maintenance, Monitor } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CheckField, Field } from '../components/field.js';
import { ManagedBadge, ManagedEditWarning } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime, fromLocalInput, toLocalInput } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';
import { MaintenanceScopeField, type Scope, scopeProblem } from './maintenance-scope-field.js';

type Window = Maintenance & { is_active?: boolean; in_effect?: boolean; current_until?: string | null };

/** Maintenance windows, one-off or recurring (cron + duration), for all or chosen monitors. */
export function MaintenancePage() {
  const { can } = useAuth();
  const list = useApi<Window[]>('/api/maintenance');
  const [editing, setEditing] = useState<Window | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The API's list, not the live store: a window may name monitors the dashboard has not seen yet.
  const monitors = useApi<Monitor[]>('/api/monitors');
  const names = new Map((monitors.data ?? []).map((m) => [m.id, m.name]));

  const remove = async (w: Window) => {
    try {
      await api(`/api/maintenance/${w.id}`, { method: 'DELETE' });
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section>
      <PageHeader title="Maintenance">
        {can('admin') && editing === null && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New window
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {editing !== null && (
        <MaintenanceForm
          key={editing === 'new' ? 'new' : editing.id}
          window={editing === 'new' ? null : editing}
          monitors={monitors.data ?? []}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <div className="table-wrap">
        <table aria-label="Maintenance windows">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">When</th>
              <th scope="col">Monitors</th>
              <th scope="col">State</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.data?.map((w) => (
              <tr key={w.id}>
                <td>
                  {w.name}
                  <ManagedBadge configKey={w.config_key} />
                </td>
                <td>
                  {w.recurrence
                    ? `cron “${w.recurrence.cron}” for ${w.recurrence.duration_minutes} min (${w.timezone}), from ${dateTime(w.starts_at)}`
                    : `${dateTime(w.starts_at)} → ${dateTime(w.ends_at)}`}
                </td>
                <td>
                  {w.monitor_ids.length === 0
                    ? 'All monitors'
                    : w.monitor_ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}
                </td>
                <td>
                  {w.in_effect ? (
                    <span className="tag tag-maintenance">in effect</span>
                  ) : w.is_active === false ? (
                    'inactive'
                  ) : (
                    'scheduled'
                  )}
                </td>
                {can('admin') && (
                  <td className="row-actions">
                    <button type="button" onClick={() => setEditing(w)}>
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      question={`Delete ${w.name}?`}
                      onConfirm={() => remove(w)}
                    />
                  </td>
                )}
              </tr>
            ))}
            {list.data?.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  No maintenance windows.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function MaintenanceForm({
  window: w,
  monitors: all,
  onSaved,
  onCancel,
}: {
  window: Window | null;
  monitors: Monitor[];
  onSaved(): void;
  onCancel(): void;
}) {
  const monitors = [...all].sort((a, b) => a.name.localeCompare(b.name));
  const [name, setName] = useState(w?.name ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(w?.starts_at ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(w?.ends_at));
  const [recurring, setRecurring] = useState(!!w?.recurrence);
  const [cron, setCron] = useState(w?.recurrence?.cron ?? '0 3 * * *');
  const [minutes, setMinutes] = useState(String(w?.recurrence?.duration_minutes ?? 60));
  const [timezone, setTimezone] = useState(
    w?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
  );
  // A window for no listed monitor covers every one (the API's rule); the form says so in words.
  const [scope, setScope] = useState<Scope>({
    all: !w || w.monitor_ids.length === 0,
    ids: w?.monitor_ids ?? [],
  });
  const [active, setActive] = useState(w?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const unscoped = scopeProblem(scope);
    if (unscoped) {
      setErrors({ monitor_ids: unscoped });
      setError('Please correct the marked fields.');
      return;
    }
    const body = {
      name,
      starts_at: fromLocalInput(startsAt),
      ends_at: fromLocalInput(endsAt),
      monitor_ids: scope.all ? [] : scope.ids,
      recurrence: recurring
        ? { cron, duration_minutes: /^\d+$/.test(minutes) ? Number(minutes) : minutes }
        : null,
      timezone,
      is_active: active,
    };
    try {
      await api(w ? `/api/maintenance/${w.id}` : '/api/maintenance', { method: w ? 'PUT' : 'POST', body });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };

  return (
    <form
      className="card"
      onSubmit={submit}
      noValidate
      aria-label={w ? `Edit ${w.name}` : 'New maintenance window'}
    >
      <h2>{w ? `Edit ${w.name}` : 'New maintenance window'}</h2>
      <ManagedEditWarning configKey={w?.config_key} what="maintenance window" />
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Window name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </Field>
      <CheckField label="Recurring (cron schedule)" checked={recurring} onChange={setRecurring} />
      <div className="grid3">
        <Field label={recurring ? 'First possible start' : 'Starts'} error={errors.starts_at}>
          <input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        </Field>
        <Field label={recurring ? 'No occurrences after (optional)' : 'Ends'} error={errors.ends_at}>
          <input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
        </Field>
        <Field label="Time zone" hint="IANA name, e.g. Europe/Paris" error={errors.timezone}>
          <input value={timezone} onChange={(e) => setTimezone(e.target.value)} />
        </Field>
      </div>
      {recurring && (
        <div className="grid2">
          <Field
            label="Cron (occurrence start)"
            hint="minute hour day month weekday"
            error={errors['recurrence.cron']}
          >
            <input value={cron} onChange={(e) => setCron(e.target.value)} />
          </Field>
          <Field label="Duration (minutes)" error={errors['recurrence.duration_minutes']}>
            <input value={minutes} onChange={(e) => setMinutes(e.target.value)} inputMode="numeric" />
          </Field>
        </div>
      )}
      <MaintenanceScopeField
        monitors={monitors}
        value={scope}
        onChange={setScope}
        error={errors.monitor_ids}
      />
      <CheckField label="Active" checked={active} onChange={setActive} />
      <div className="form-actions">
        <button type="submit" className="primary">
          {w ? 'Save window' : 'Create window'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
