import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Incident } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime, duration } from '../lib/format.js';
import { Link } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { useLiveStore } from '../monitors/use-live.js';

const order = { open: 0, acknowledged: 1, resolved: 2 } as const;

/** Incidents, open first; admins acknowledge them. Reloads on live incident events. */
export function IncidentsPage() {
  const { can } = useAuth();
  const store = useLiveStore();
  const [status, setStatus] = useState('');
  const list = useApi<Incident[]>('/api/incidents', { status, limit: 200 }, store.incidentVersion);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The incident just acknowledged: once the reloaded list shows it so, focus goes to its status.
  const [focusId, setFocusId] = useState<number | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const pending = useRef(new Set<number>());
  const names = new Map(store.all().map((r) => [r.monitor.id, r.monitor.name]));

  const rows = useMemo(
    () =>
      [...(list.data ?? [])].sort(
        (a, b) => order[a.status] - order[b.status] || Date.parse(b.started_at) - Date.parse(a.started_at),
      ),
    [list.data],
  );

  const ack = async (i: Incident) => {
    if (pending.current.has(i.id)) return;
    pending.current.add(i.id);
    setError(null);
    setDone(null);
    try {
      await api(`/api/incidents/${i.id}/acknowledge`, { method: 'POST' });
      setDone(`Incident #${i.id} acknowledged.`);
      setFocusId(i.id);
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      pending.current.delete(i.id);
    }
  };

  // The acknowledged row loses its button and re-sorts below the open ones. Left alone, focus
  // drifts to whatever takes the button's place (the next incident's Acknowledge, so a second
  // Enter acknowledges another incident): it is put on the acknowledged row's status instead, or
  // on the confirmation when a status filter hid the row.
  useEffect(() => {
    if (focusId === null || !list.data) return;
    if (list.data.find((i) => i.id === focusId)?.status === 'open') return; // reload still on its way
    setFocusId(null);
    const link = document.getElementById(`incident-${focusId}-status`);
    if (link) link.focus();
    else doneRef.current?.focus();
  }, [list.data, focusId]);

  return (
    <section>
      <PageHeader title="Incidents">
        <label>
          <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All incidents</option>
            <option value="open">Open</option>
            <option value="acknowledged">Acknowledged</option>
            <option value="resolved">Resolved</option>
          </select>
        </label>
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      <div ref={doneRef} tabIndex={-1}>
        {done && <Notice kind="ok">{done}</Notice>}
      </div>
      {list.error && <Notice kind="error">{list.error}</Notice>}
      <div className="table-wrap">
        <table aria-label="Incidents" className="stack-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Monitor</th>
              <th scope="col">Started</th>
              <th scope="col">Duration</th>
              <th scope="col">Cause</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} data-incident-status={i.status}>
                <td data-label="Status">
                  <Link
                    to={`/incidents/${i.id}`}
                    id={`incident-${i.id}-status`}
                    aria-label={`Incident #${i.id}`}
                  >
                    <span className={`tag tag-${i.status}`}>{i.status}</span>
                  </Link>
                </td>
                <td data-label="Monitor">
                  <Link to={`/monitors/${i.monitor_id}`}>
                    {names.get(i.monitor_id) ?? `Monitor #${i.monitor_id}`}
                  </Link>
                  {i.severity === 'minor' && <span className="tag tag-minor">degraded</span>}
                </td>
                <td className="nowrap" data-label="Started">
                  {dateTime(i.started_at)}
                </td>
                <td className="nowrap" data-label="Duration">
                  {i.resolved_at
                    ? duration(i.duration_seconds)
                    : `${duration((Date.now() - Date.parse(i.started_at)) / 1000)} so far`}
                </td>
                <td className="words" data-label="Cause">
                  {i.root_cause ?? '—'}
                  {i.acknowledged_at && (
                    <div className="muted small">
                      acknowledged{i.acknowledged_by ? ` by ${i.acknowledged_by}` : ''}{' '}
                      {dateTime(i.acknowledged_at)}
                    </div>
                  )}
                  {i.resolved_by && <div className="muted small">resolved by {i.resolved_by}</div>}
                </td>
                {can('admin') && (
                  <td className="row-actions">
                    {i.status === 'open' && (
                      <button type="button" onClick={() => void ack(i)}>
                        Acknowledge
                      </button>
                    )}{' '}
                    <Link to={`/incidents/${i.id}`}>{i.status === 'resolved' ? 'Details' : 'Update…'}</Link>
                  </td>
                )}
              </tr>
            ))}
            {list.data?.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No incidents.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
