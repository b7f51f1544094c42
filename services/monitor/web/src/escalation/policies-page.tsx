import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Channel, EscalationPolicy, Schedule, User } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { PolicyForm } from './policy-form.js';

const repeatText = (r: EscalationPolicy['repeat']) =>
  r === true ? 'until acknowledged' : r === false || r === 0 ? 'once' : `once + ${r} more`;

/** Escalation policies: the steps each runs, where it is used; admins create, edit, delete. */
export function PoliciesPage() {
  const { can } = useAuth();
  const list = useApi<EscalationPolicy[]>('/api/escalation-policies');
  const channels = useApi<Channel[]>('/api/channels');
  const schedules = useApi<Schedule[]>('/api/schedules');
  const users = useApi<User[]>(can('superadmin') ? '/api/users' : null);
  const [editing, setEditing] = useState<EscalationPolicy | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const writable = can('admin');
  const channelName = (id: number) => channels.data?.find((c) => c.id === id)?.name ?? `#${id}`;
  const userName = (id: number) => users.data?.find((u) => u.id === id)?.username ?? `user #${id}`;
  const scheduleName = (id: number) =>
    `on call in ${schedules.data?.find((s) => s.id === id)?.name ?? `schedule #${id}`}`;

  const remove = async (p: EscalationPolicy) => {
    try {
      await api(`/api/escalation-policies/${p.id}`, { method: 'DELETE' });
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section>
      <PageHeader title="Escalation policies">
        {writable && editing === null && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New policy
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {editing !== null && channels.data && schedules.data && !users.loading && (
        <PolicyForm
          key={editing === 'new' ? 'new' : editing.id}
          policy={editing === 'new' ? null : editing}
          channels={channels.data}
          users={users.data}
          schedules={schedules.data}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <div className="table-wrap">
        <table aria-label="Escalation policies">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Steps</th>
              <th scope="col">Repeat</th>
              <th scope="col">Used by</th>
              {writable && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.data?.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.name}
                  <ManagedBadge configKey={p.config_key} />
                </td>
                <td>
                  <ol className="plain">
                    {p.steps.map((s, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position
                      <li key={i}>
                        after {s.after_minutes} min →{' '}
                        {[
                          ...s.channel_ids.map(channelName),
                          ...(s.user_ids ?? []).map(userName),
                          ...(s.schedule_ids ?? []).map(scheduleName),
                        ].join(', ')}
                      </li>
                    ))}
                  </ol>
                </td>
                <td>{repeatText(p.repeat)}</td>
                <td>
                  {p.monitor_count} monitor{p.monitor_count === 1 ? '' : 's'}, {p.group_count} group
                  {p.group_count === 1 ? '' : 's'}
                </td>
                {writable && (
                  <td className="row-actions">
                    <button type="button" onClick={() => setEditing(p)}>
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      question={`Delete ${p.name}?`}
                      onConfirm={() => remove(p)}
                    />
                  </td>
                )}
              </tr>
            ))}
            {list.data?.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  No escalation policies yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
