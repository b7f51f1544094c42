import { useState } from 'react';
import { api, apiFull } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { StatusSubscriber } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice } from '../components/notice.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

/**
 * The e-mail subscribers of one status page, newest first, with "Load more" over the API's
 * `Link: rel="next"`. Addresses are shown to admins only (viewers get none from the API), and
 * admins can remove a subscriber.
 */
export function SubscribersPanel({ pageId, title }: { pageId: number; title: string }) {
  const { can } = useAuth();
  const first = useApi<StatusSubscriber[]>(`/api/status-pages/${pageId}/subscribers`, { limit: 50 });
  const [more, setMore] = useState<{ rows: StatusSubscriber[]; next: string | null } | null>(null);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const rows = [...(first.data ?? []), ...(more?.rows ?? [])].filter((r) => !removed.has(r.id));
  const next = more ? more.next : first.next;

  const loadMore = async () => {
    if (!next) return;
    try {
      const res = await apiFull<StatusSubscriber[]>(next);
      setMore({ rows: [...(more?.rows ?? []), ...res.data], next: res.next });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const remove = async (s: StatusSubscriber) => {
    setError(null);
    try {
      await api(`/api/status-pages/${pageId}/subscribers/${s.id}`, { method: 'DELETE' });
      setRemoved(new Set([...removed, s.id]));
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section className="card" aria-label="Subscribers">
      <h2>Subscribers of {title}</h2>
      {(error ?? first.error) && <Notice kind="error">{error ?? first.error}</Notice>}
      <div className="table-wrap">
        <table aria-label="Subscribers">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Status</th>
              <th scope="col">Subscribed</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-subscriber-status={s.status}>
                <td className="break">{s.email ?? <span className="muted">hidden</span>}</td>
                <td>
                  <span className={`tag ${s.status === 'confirmed' ? 'tag-up' : 'tag-acknowledged'}`}>
                    {s.status === 'confirmed' ? 'confirmed' : 'awaiting confirmation'}
                  </span>
                </td>
                <td>{dateTime(s.confirmed_at ?? s.created_at)}</td>
                {can('admin') && (
                  <td>
                    <ConfirmButton
                      label="Remove"
                      question="Remove this subscriber?"
                      onConfirm={() => remove(s)}
                    />
                  </td>
                )}
              </tr>
            ))}
            {first.data && rows.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  No subscribers yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {next && (
        <div className="form-actions">
          <button type="button" onClick={() => void loadMore()}>
            Load more
          </button>
        </div>
      )}
    </section>
  );
}
