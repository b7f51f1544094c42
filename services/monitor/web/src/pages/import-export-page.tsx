import { type ChangeEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, type FieldError, messageOf } from '../api/problem.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';

interface ImportOutcome {
  imported: number;
  ids: number[];
  warnings?: unknown[];
}

/** Download every monitor's configuration as JSON; upload such a file (admins) with per-entry errors. */
export function ImportExportPage() {
  const { can } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setError(null);
    try {
      const doc = await api<unknown>('/api/export/monitors');
      const blob = new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `monitors-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setFieldErrors([]);
    setOutcome(null);
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      setError(`${file.name} is not valid JSON.`);
      return;
    }
    setBusy(true);
    try {
      setOutcome(await api<ImportOutcome>('/api/import/monitors', { method: 'POST', body: doc }));
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFieldErrors(err.errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <PageHeader title="Import and export" />
      <div className="card narrow">
        <h2>Export</h2>
        <p>Every monitor’s configuration, with channels by name; no history or runtime state.</p>
        <button type="button" onClick={() => void download()}>
          Download monitors JSON
        </button>
      </div>
      {can('admin') && (
        <div className="card narrow">
          <h2>Import</h2>
          <p>
            A file from an export (or a bare array of monitors). Every entry is checked first: if one is
            invalid, nothing is imported.
          </p>
          <div className="field">
            <label htmlFor="import-file">Monitors file to import (JSON)</label>
            <input
              id="import-file"
              type="file"
              accept="application/json,.json"
              onChange={upload}
              disabled={busy}
            />
          </div>
          {busy && <p role="status">Importing…</p>}
          {outcome && (
            <Notice kind="ok">
              Imported {outcome.imported} monitor{outcome.imported === 1 ? '' : 's'}.
              {outcome.warnings?.length ? (
                <ul>
                  {outcome.warnings.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no identity
                    <li key={i}>{typeof w === 'string' ? w : JSON.stringify(w)}</li>
                  ))}
                </ul>
              ) : null}
            </Notice>
          )}
        </div>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {fieldErrors.length > 0 && (
        <div className="table-wrap">
          <table aria-label="Import errors">
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {fieldErrors.map((f, i) => {
                const m = f.path.match(/^(?:monitors\.)?(\d+)\.?(.*)$/);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: errors have no identity
                  <tr key={i}>
                    <td>{m ? `#${Number(m[1]) + 1}` : '—'}</td>
                    <td>
                      <code>{m ? m[2] || '(entry)' : f.path}</code>
                    </td>
                    <td>{f.message}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
