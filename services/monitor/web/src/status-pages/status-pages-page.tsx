import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Monitor, StatusPage } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { StatusPageForm } from './status-page-form.js';
import { SubscribersPanel } from './subscribers-panel.js';

/** Public status pages: the list, and (for admins) create, edit and delete. */
export function StatusPagesPage() {
  const { can } = useAuth();
  const list = useApi<StatusPage[]>('/api/status-pages');
  // The API's list, not the live store: the editor offers every monitor that exists.
  const monitors = useApi<Monitor[]>('/api/monitors');
  const [editing, setEditing] = useState<StatusPage | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [subscribersOf, setSubscribersOf] = useState<StatusPage | null>(null);

  const remove = async (p: StatusPage) => {
    setError(null);
    try {
      await api(`/api/status-pages/${p.id}`, { method: 'DELETE' });
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const count = (p: StatusPage) => new Set(p.sections.flatMap((s) => s.monitor_ids)).size;

  return (
    <section>
      <PageHeader title="Status pages">
        {can('admin') && editing === null && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New status page
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {editing !== null && (
        <StatusPageForm
          key={editing === 'new' ? 'new' : editing.id}
          page={editing === 'new' ? null : editing}
          monitors={monitors.data ?? []}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <div className="table-wrap">
        <table aria-label="Status pages">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Public page</th>
              <th scope="col">Monitors</th>
              <th scope="col">Window</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.data?.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.title}
                  <ManagedBadge configKey={p.config_key} />
                </td>
                <td>
                  {p.is_public ? (
                    <a href={p.url} target="_blank" rel="noopener">
                      {p.url}
                    </a>
                  ) : (
                    <>
                      <code>{p.url}</code> <span className="tag">not public</span>
                    </>
                  )}
                </td>
                <td>
                  {count(p)} in {p.sections.length} {p.sections.length === 1 ? 'section' : 'sections'}
                </td>
                <td>{p.uptime_days} days</td>
                {can('admin') && (
                  <td className="row-actions">
                    <button type="button" onClick={() => setEditing(p)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      aria-pressed={subscribersOf?.id === p.id}
                      onClick={() => setSubscribersOf(subscribersOf?.id === p.id ? null : p)}
                    >
                      Subscribers
                    </button>
                    <ConfirmButton
                      label="Delete"
                      question={`Delete the page ${p.title}?`}
                      onConfirm={() => remove(p)}
                    />
                  </td>
                )}
              </tr>
            ))}
            {list.data?.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  No status pages yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {subscribersOf && (
        <SubscribersPanel key={subscribersOf.id} pageId={subscribersOf.id} title={subscribersOf.title} />
      )}
    </section>
  );
}
