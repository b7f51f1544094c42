import { useMemo, useState } from 'react';
import type { NewCodeResponse } from '../../../src/shared-types/compare-types.js';
import type { Analysis, FileRow } from '../api/types.js';
import { fmt } from '../lib/format.js';
import {
  GATE_RULES,
  type Gate,
  gateActive,
  gateFailures,
  NEW_CODE_PARAM,
  newCodeBase,
  withGate,
} from '../lib/gate.js';
import { linkProps, navigate } from '../lib/router.js';

/** Thresholds form (kept in the URL) and the files that fail them. */
export function GateView(props: {
  analysis: Analysis;
  files: FileRow[];
  gate: Gate;
  query: URLSearchParams;
  /** With a new-code base in the query: the new code it names (the gate checks only those files). */
  newCode?: NewCodeResponse | null;
  newCodeError?: string | null;
}) {
  const { analysis, gate, query } = props;
  const base = newCodeBase(query);
  const newPaths = props.newCode ? new Set(props.newCode.files.map((f) => f.path)) : null;
  const files = base ? (newPaths ? props.files.filter((f) => newPaths.has(f.path)) : []) : props.files;
  const [draft, setDraft] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(GATE_RULES.map((r) => [r.key, gate[r.key]?.toString() ?? ''])),
    [NEW_CODE_PARAM]: base ?? '',
  }));
  const failing = useMemo(
    () =>
      files
        .map((f) => ({ f, why: gateFailures(f, gate) }))
        .filter((x) => x.why.length > 0)
        .sort((a, b) => b.why.length - a.why.length || a.f.path.localeCompare(b.f.path)),
    [files, gate],
  );
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const g: Gate = {};
    for (const r of GATE_RULES) {
      const v = draft[r.key]?.trim();
      if (v && Number.isFinite(Number(v))) g[r.key] = Number(v);
    }
    const q = withGate(query, g);
    const b = draft[NEW_CODE_PARAM]?.trim();
    if (b) q.set(NEW_CODE_PARAM, b);
    else q.delete(NEW_CODE_PARAM);
    const s = q.toString();
    navigate(`/analyses/${analysis.id}/insights/gate${s ? `?${s}` : ''}`, true);
  };
  const clear = () => {
    setDraft({ ...Object.fromEntries(GATE_RULES.map((r) => [r.key, ''])), [NEW_CODE_PARAM]: '' });
    const cleared = withGate(query, {});
    cleared.delete(NEW_CODE_PARAM);
    const q = cleared.toString();
    navigate(`/analyses/${analysis.id}/insights/gate${q ? `?${q}` : ''}`, true);
  };
  const qs = query.toString();
  return (
    <section className="card" aria-labelledby="gate-title" data-view="gate">
      <h2 id="gate-title">Quality gate</h2>
      <p className="muted">
        Thresholds mark the files that fail them, here, in the dashboard table, the heatmap and the scatter.
        They only change what you see, and live in the page address so you can share them.
      </p>
      <form className="gate-form" onSubmit={apply} aria-label="Quality gate thresholds">
        {GATE_RULES.map((r) => (
          <div className="field" key={r.key}>
            <label htmlFor={`gate-${r.key}`}>{r.label}</label>
            <input
              id={`gate-${r.key}`}
              name={r.key}
              type="number"
              inputMode="decimal"
              step={r.step}
              value={draft[r.key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [r.key]: e.target.value }))}
              placeholder="off"
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="gate-new-code">Only new code since (run id or commit)</label>
          <input
            id="gate-new-code"
            name={NEW_CODE_PARAM}
            value={draft[NEW_CODE_PARAM] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [NEW_CODE_PARAM]: e.target.value }))}
            placeholder="all code"
            spellCheck={false}
          />
        </div>
        <div className="buttons">
          <button type="submit" className="primary">
            Apply gate
          </button>
          <button type="button" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      {base && props.newCodeError && (
        <p className="error" role="alert">
          {props.newCodeError}
        </p>
      )}
      {base && props.newCode && (
        <p className="muted" data-new-code-files={files.length}>
          Checking new code only: the {fmt(files.length)} file{files.length === 1 ? '' : 's'} added or changed
          since run #{props.newCode.base.id}.
        </p>
      )}
      {gateActive(gate) ? (
        <>
          <p className={failing.length ? 'fail-text' : 'pass-text'} role="status">
            {failing.length
              ? `${fmt(failing.length)} of ${fmt(files.length)} files fail the gate`
              : `All ${fmt(files.length)} files pass the gate`}
          </p>
          {failing.length > 0 && (
            <table className="table" aria-label="Files failing the quality gate">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Fails on</th>
                </tr>
              </thead>
              <tbody>
                {failing.slice(0, 200).map(({ f, why }) => (
                  <tr key={f.path} className="failing" data-path={f.path}>
                    <td>
                      <a
                        {...linkProps(
                          `/analyses/${analysis.id}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(qs)), file: f.path })}`,
                        )}
                      >
                        {f.path}
                      </a>
                    </td>
                    <td>{why.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {failing.length > 200 && (
            <p className="muted">First 200 shown; the dashboard table lists them all.</p>
          )}
        </>
      ) : (
        <p className="muted">No threshold set.</p>
      )}
    </section>
  );
}
