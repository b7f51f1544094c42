import { type ChangeEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, type FieldError, messageOf } from '../api/problem.js';
import type { ImportResult as ImportOutcome, ImportPreview } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { Notice, PageHeader } from '../components/notice.js';

type ImportMode = ImportOutcome['mode'];

const MODES: { value: ImportMode; label: string; hint: string }[] = [
  {
    value: 'skip_existing',
    label: 'Skip existing',
    hint: 'Monitors whose name is already here are left as they are.',
  },
  {
    value: 'update_by_name',
    label: 'Update by name',
    hint: 'The file’s settings replace those of the monitor with the same name.',
  },
  { value: 'keep_both', label: 'Keep both', hint: 'A second monitor with the same name is created.' },
];

/** Download every monitor's configuration as JSON; upload such a file (admins) with per-entry errors. */
export function ImportExportPage() {
  const { can } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  // Choosing a file only previews it: nothing is written until the import is confirmed.
  const [pending, setPending] = useState<{ file: string; doc: unknown; preview: ImportPreview } | null>(null);
  const [mode, setMode] = useState<ImportMode>('skip_existing');

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
    setPending(null);
    setBusy(true);
    try {
      const preview = await api<ImportPreview>('/api/import/monitors/preview', { method: 'POST', body: doc });
      setPending({ file: file.name, doc, preview });
      setMode('skip_existing');
      setFieldErrors(preview.entries.flatMap((en) => en.errors));
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFieldErrors(err.errors);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    setFieldErrors([]);
    setBusy(true);
    try {
      setOutcome(
        await api<ImportOutcome>('/api/import/monitors', {
          method: 'POST',
          body: pending.doc,
          query: { mode },
        }),
      );
      setPending(null);
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFieldErrors(err.errors);
    } finally {
      setBusy(false);
    }
  };

  const p = pending?.preview;
  const toWrite = p ? p.new + (mode === 'skip_existing' ? 0 : p.existing) : 0;

  // Exports carry every monitor's configuration, so the API answers admins only; a viewer who
  // follows an old link is told so rather than offered a button that is then refused.
  if (!can('admin')) {
    return (
      <section>
        <PageHeader title="Import and export" />
        <Notice kind="info">Import and export need the admin role.</Notice>
      </section>
    );
  }
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
      <div className="card narrow">
        <h2>Import</h2>
        <p>
          A file from an export (or a bare array of monitors). Choosing a file shows what it holds; nothing is
          written until you confirm. If one entry is invalid, nothing is imported.
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
        {busy && <p role="status">{pending ? 'Importing…' : 'Checking the file…'}</p>}
        {p && pending && (
          <section className="import-preview" aria-label="Import preview">
            <h3>{pending.file}</h3>
            <ul className="counts" aria-label="Entries in the file">
              <li className="count">
                <strong data-preview="new">{p.new}</strong> new
              </li>
              <li className="count">
                <strong data-preview="existing">{p.existing}</strong> same name as an existing monitor
              </li>
              <li className="count count-down">
                <strong data-preview="invalid">{p.invalid}</strong> invalid
              </li>
            </ul>
            {p.existing > 0 && (
              <fieldset className="field">
                <legend>Monitors whose name already exists here</legend>
                {MODES.map((m) => (
                  <label key={m.value} className="radio">
                    <input
                      type="radio"
                      name="import-mode"
                      value={m.value}
                      checked={mode === m.value}
                      onChange={() => setMode(m.value)}
                    />{' '}
                    {m.label} <span className="muted">— {m.hint}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {p.invalid > 0 ? (
              <Notice kind="error">
                {p.invalid} of {p.total} entries are invalid (listed below); fix the file and choose it again.
              </Notice>
            ) : (
              <div className="actions">
                <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
                  {toWrite === 0
                    ? 'Import (nothing to write)'
                    : `Import ${toWrite} monitor${toWrite === 1 ? '' : 's'}`}
                </button>
                <button type="button" disabled={busy} onClick={() => setPending(null)}>
                  Cancel
                </button>
              </div>
            )}
          </section>
        )}
        {outcome && (
          <Notice kind="ok">
            Imported {outcome.imported} monitor{outcome.imported === 1 ? '' : 's'}
            {outcome.created !== undefined &&
              ` (created ${outcome.created}, updated ${outcome.updated ?? 0}, skipped ${outcome.skipped ?? 0})`}
            .
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
