import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { apiFull } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { AuditEntry } from '../api/types.js';
import { Field } from '../components/field.js';
import { Notice, PageHeader } from '../components/notice.js';
import { dateTime, fromLocalInput } from '../lib/format.js';

interface Filters {
  actor_type: string;
  action: string;
  resource_type: string;
  resource_id: string;
  from: string;
  to: string;
}
const empty: Filters = { actor_type: '', action: '', resource_type: '', resource_id: '', from: '', to: '' };

/** The audit log (superadmin): filterable, newest first, older pages on demand. */
export function AuditLogPage() {
  const [draft, setDraft] = useState<Filters>(empty);
  const [applied, setApplied] = useState<Filters>(empty);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (url: string, append: boolean) => {
    setLoading(true);
    setError(null);
    try {
      const r = await apiFull<AuditEntry[]>(url);
      setRows((old) => (append ? [...old, ...r.data] : r.data));
      setNext(r.next);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    const q = new URLSearchParams({ limit: '100' });
    for (const [k, v] of Object.entries(applied)) {
      if (!v) continue;
      q.set(k, k === 'from' || k === 'to' ? (fromLocalInput(v) ?? v) : v.trim());
    }
    void load(`/api/audit-log?${q}`, false);
  }, [applied, load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ ...draft });
  };
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });

  return (
    <section>
      <PageHeader title="Audit log" />
      <form className="card filters" onSubmit={submit} aria-label="Audit log filters">
        <Field label="Actor type">
          <select value={draft.actor_type} onChange={set('actor_type')}>
            <option value="">any</option>
            <option value="user">user</option>
            <option value="api_key">API key</option>
            <option value="system">system</option>
            <option value="anonymous">anonymous</option>
          </select>
        </Field>
        <Field label="Action" hint="Exact, or a prefix like monitor.">
          <input value={draft.action} onChange={set('action')} placeholder="user." />
        </Field>
        <Field label="Resource type">
          <input value={draft.resource_type} onChange={set('resource_type')} />
        </Field>
        <Field label="Resource id">
          <input value={draft.resource_id} onChange={set('resource_id')} />
        </Field>
        <Field label="From">
          <input type="datetime-local" value={draft.from} onChange={set('from')} />
        </Field>
        <Field label="To">
          <input type="datetime-local" value={draft.to} onChange={set('to')} />
        </Field>
        <div className="filter-buttons">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <button
            type="button"
            onClick={() => {
              setDraft(empty);
              setApplied(empty);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="table-wrap">
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Actor</th>
              <th scope="col">Action</th>
              <th scope="col">Resource</th>
              <th scope="col">IP</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{dateTime(r.at)}</td>
                <td>
                  {r.actor_name ?? '—'} <span className="muted">({r.actor_type})</span>
                </td>
                <td>
                  <code>{r.action}</code>
                </td>
                <td>{r.resource_type ? `${r.resource_type} ${r.resource_id ?? ''}` : '—'}</td>
                <td>{r.ip ?? '—'}</td>
                <td>
                  {r.detail ? (
                    <details>
                      <summary>show</summary>
                      <pre>{JSON.stringify(r.detail, null, 2)}</pre>
                    </details>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No entries match.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {next && (
        <button type="button" disabled={loading} onClick={() => void load(next, true)}>
          Load older entries
        </button>
      )}
    </section>
  );
}
