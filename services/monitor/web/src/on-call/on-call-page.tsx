import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { OnCallNow, Schedule, TimelineEntry, User } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { ContactMethodsPanel } from './contact-methods-panel.js';
import { OverridesPanel } from './overrides-panel.js';
import { ScheduleForm } from './schedule-form.js';

const DAY = 86_400_000;

/** Who is on call now and the next two weeks of one schedule, as a bar of stretches. */
function ScheduleCard({
  schedule,
  admin,
}: {
  schedule: Schedule;
  /** Edit controls: set for admins. */
  admin: { users: User[] | null; onEdit(): void; onDelete(): void } | null;
}) {
  // Bumped when an override changes, and the schedule object is new after a save: both redraw.
  const [drawn, setDrawn] = useState(0);
  const refresh = `${schedule.updated_at}#${drawn}`;
  const now = useApi<OnCallNow>(`/api/schedules/${schedule.id}/on-call`, undefined, refresh);
  const timeline = useApi<TimelineEntry[]>(`/api/schedules/${schedule.id}/timeline`, undefined, refresh);
  const entries = timeline.data ?? [];
  const start = entries.length > 0 ? Date.parse(entries[0]!.from) : 0;
  const span = 14 * DAY;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
  return (
    <article className="card" aria-label={`Schedule ${schedule.name}`}>
      <h2>{schedule.name}</h2>
      <p className="muted">{schedule.time_zone}</p>
      {admin && (
        <div className="row-actions">
          <button type="button" onClick={admin.onEdit}>
            Edit schedule
          </button>
          <ConfirmButton
            label="Delete schedule"
            question={`Delete ${schedule.name}?`}
            onConfirm={admin.onDelete}
          />
        </div>
      )}
      {now.error && <Notice kind="error">{now.error}</Notice>}
      {now.data && (
        <p data-testid="on-call-now">
          On call now: <strong>{now.data.username ?? 'nobody'}</strong>
          {now.data.until && <> until {when(now.data.until)}</>}
        </p>
      )}
      {timeline.error && <Notice kind="error">{timeline.error}</Notice>}
      <ol className="oncall-timeline" aria-label="Next two weeks">
        {entries.map((e) => (
          <li
            key={e.from}
            className={e.user_id === null ? 'oncall-slot oncall-nobody' : 'oncall-slot'}
            style={{ width: `${((Date.parse(e.to) - Date.parse(e.from)) / span) * 100}%` }}
            title={`${e.username ?? 'nobody'}: ${when(e.from)} – ${when(e.to)}`}
          >
            {Date.parse(e.to) - Date.parse(e.from) > DAY / 2 ? (e.username ?? '—') : ''}
          </li>
        ))}
      </ol>
      <table aria-label={`${schedule.name} timeline`}>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.from}>
              <td>{e.username ?? 'nobody'}</td>
              <td>{when(e.from)}</td>
              <td>{when(e.to)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {start > 0 && <p className="muted">From {when(new Date(start).toISOString())}, 14 days.</p>}
      {admin && (
        <OverridesPanel schedule={schedule} users={admin.users} onChanged={() => setDrawn((d) => d + 1)} />
      )}
    </article>
  );
}

/**
 * On-call schedules: who is on call now and over the next two weeks (docs/on-call.md); admins
 * create, edit and delete schedules and their overrides. Everyone keeps their own contact methods.
 */
export function OnCallPage() {
  const { can } = useAuth();
  const writable = can('admin');
  const list = useApi<Schedule[]>('/api/schedules');
  // Superadmins may list users; other admins pick members by id (the picker falls back).
  const users = useApi<User[]>(can('superadmin') ? '/api/users' : null);
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (s: Schedule) => {
    try {
      await api(`/api/schedules/${s.id}`, { method: 'DELETE' });
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <section>
      <PageHeader title="On-call">
        {writable && editing === null && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New schedule
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {/* Wait for the user list so the member picker does not start as an id field. */}
      {editing !== null && !users.loading && (
        <ScheduleForm
          key={editing === 'new' ? 'new' : editing.id}
          schedule={editing === 'new' ? null : editing}
          users={users.data}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {list.data?.length === 0 && <p>No schedules yet.</p>}
      {list.data?.map((s) => (
        <ScheduleCard
          key={s.id}
          schedule={s}
          admin={
            writable ? { users: users.data, onEdit: () => setEditing(s), onDelete: () => remove(s) } : null
          }
        />
      ))}
      <ContactMethodsPanel />
    </section>
  );
}
