import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { ShareLink } from '../api/types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice } from '../components/notice.js';
import { dateTime } from '../lib/format.js';
import { useApi } from '../lib/use-api.js';

const scopeNames: Record<string, string> = {
  all: 'all monitors',
  monitor: 'monitor',
  group: 'group',
  tag: 'tag',
  status_page: 'status page',
};

/**
 * What a link opens, in words: the stored report query or the monitor. Monitors are named from
 * the monitor list (the link keeps only the id, so a renamed monitor shows its current name).
 */
function describe(link: ShareLink, monitorName: (id: number) => string): string {
  const t = link.target as Record<string, string | number | undefined>;
  if (link.kind === 'monitor') return `Monitor view: ${monitorName(Number(t.monitor_id))}`;
  const scope = String(t.scope ?? 'all');
  const which =
    scope === 'all'
      ? 'all monitors'
      : scope === 'monitor'
        ? `monitor ${monitorName(Number(t.scope_id))}`
        : `${scopeNames[scope] ?? scope} #${t.scope_id}`;
  const period = t.period ?? `${t.from ?? '…'} – ${t.to ?? '…'}`;
  return `Report: ${which}, ${period} (${t.timezone ?? 'UTC'})`;
}

/** The read-only links handed out, newest first, each revocable at once. `refresh` reloads the list. */
export function ShareLinksSection({ refresh }: { refresh: unknown }) {
  const list = useApi<ShareLink[]>('/api/share-links', undefined, refresh);
  const monitors = useApi<{ id: number; name: string }[]>('/api/monitors');
  const [error, setError] = useState<string | null>(null);
  const monitorName = (id: number) => monitors.data?.find((m) => m.id === id)?.name ?? `#${id}`;

  const revoke = async (id: number) => {
    setError(null);
    try {
      await api(`/api/share-links/${id}`, { method: 'DELETE' });
      list.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div>
      <h2>Share links</h2>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {list.data && list.data.length === 0 && <p>No share links yet.</p>}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          <table aria-label="Share links">
            <thead>
              <tr>
                <th>Opens</th>
                <th>Link</th>
                <th>Created</th>
                <th>Expires</th>
                <th>State</th>
                <th>Views</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((l) => (
                <tr key={l.id}>
                  <td>
                    {describe(l, monitorName)}
                    {l.label ? ` · ${l.label}` : ''}
                  </td>
                  <td>
                    <code>{l.token_prefix}…</code>
                  </td>
                  <td>
                    {dateTime(l.created_at)} by {l.created_by ?? 'a deleted user'}
                  </td>
                  <td>{dateTime(l.expires_at)}</td>
                  <td>{l.state === 'revoked' ? `revoked ${dateTime(l.revoked_at)}` : l.state}</td>
                  <td>
                    {l.use_count}
                    {l.last_used_at ? `, last ${dateTime(l.last_used_at)}` : ''}
                  </td>
                  <td>
                    {l.state === 'active' && <ConfirmButton label="Revoke" onConfirm={() => revoke(l.id)} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
