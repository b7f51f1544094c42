import { useEffect, useState } from 'react';
import type { NewCodeResponse } from '../../../src/shared-types/compare-types.js';
import { listAnalyses } from '../api/client.js';
import type { Analysis } from '../api/types.js';
import { fmt, repoName } from '../lib/format.js';
import { NEW_CODE_PARAM } from '../lib/gate.js';
import { navigate } from '../lib/router.js';
import { repositoryTrend } from '../trends/trends-api.js';

interface BaseOption {
  id: number;
  label: string;
  time: number;
}

/**
 * The runs a new-code base can be picked from, newest commit first: the repository's finished runs
 * and the per-commit runs of its history runs (the trend's points), the current run left out.
 */
async function baseOptions(analysis: { id: number; repo_url: string }): Promise<BaseOption[]> {
  const [list, trend] = await Promise.all([
    listAnalyses(100, analysis.repo_url),
    repositoryTrend(repoName(analysis.repo_url)).catch(() => ({ series: [] })),
  ]);
  const byId = new Map<number, BaseOption>();
  const add = (
    r: {
      id: number;
      ref: string | null;
      branch: string | null;
      ref_used?: string | null;
      commit_sha: string | null;
      commit_date: string | null;
      created_at: string;
      history_parent_id: number | null;
    },
    series?: string,
  ) => {
    if (r.id === analysis.id || byId.has(r.id)) return;
    const ref = series ?? r.ref ?? r.branch ?? r.ref_used ?? 'default';
    const date = r.commit_date ? ` · ${r.commit_date.slice(0, 10)}` : '';
    const from = r.history_parent_id !== null ? ` (history run #${r.history_parent_id})` : '';
    byId.set(r.id, {
      id: r.id,
      label: `#${r.id} · ${ref} · ${r.commit_sha?.slice(0, 8) ?? ''}${date}${from}`,
      time: Date.parse(r.commit_date ?? r.created_at),
    });
  };
  for (const s of trend.series) for (const p of s.points) add(p, s.ref);
  for (const r of list) if (r.status === 'done') add(r);
  return [...byId.values()].sort((a, b) => b.time - a.time || b.id - a.id);
}

/**
 * The dashboard's new-code filter: pick a base (an earlier run of the repository, or a commit) and the
 * dashboard shows only the files and functions added or changed since then; the gate checks only them.
 */
export function NewCodeBar(props: {
  analysis: Analysis;
  query: URLSearchParams;
  base: string | null;
  data: NewCodeResponse | null;
  error: string | null;
}) {
  const { analysis, query, base } = props;
  const [runs, setRuns] = useState<BaseOption[]>([]);
  const [draft, setDraft] = useState(base ?? '');
  useEffect(() => {
    baseOptions({ id: analysis.id, repo_url: analysis.repo_url })
      .then(setRuns)
      .catch(() => {});
  }, [analysis.repo_url, analysis.id]);
  useEffect(() => setDraft(base ?? ''), [base]);
  const go = (value: string | null) => {
    const q = new URLSearchParams(query);
    if (value) q.set(NEW_CODE_PARAM, value);
    else q.delete(NEW_CODE_PARAM);
    q.delete('file');
    const s = q.toString();
    navigate(`/analyses/${analysis.id}${s ? `?${s}` : ''}`, true);
  };
  return (
    <section className="card" aria-labelledby="new-code-title">
      <h2 id="new-code-title">New code</h2>
      <form
        className="new-code-bar"
        aria-label="New code base"
        onSubmit={(e) => {
          e.preventDefault();
          go(draft.trim() || null);
        }}
      >
        <div className="field">
          <label htmlFor="new-code-run">Since run</label>
          <select
            id="new-code-run"
            value={runs.some((r) => String(r.id) === draft) ? draft : ''}
            onChange={(e) => setDraft(e.target.value)}
          >
            <option value="">(choose a run)</option>
            {runs.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="new-code-base">or run id / commit</label>
          <input
            id="new-code-base"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. 12 or 3f2a9c1"
            spellCheck={false}
          />
        </div>
        <div className="buttons">
          <button type="submit" className="primary">
            Show new code
          </button>
          {base && (
            <button type="button" onClick={() => go(null)}>
              Show all code
            </button>
          )}
        </div>
      </form>
      {props.error && (
        <p className="error" role="alert">
          {props.error}
        </p>
      )}
      {base && !props.data && !props.error && <p className="muted">Finding new code…</p>}
      {props.data && (
        <p role="status">
          New code since run #{props.data.base.id} (<code>{props.data.base.commit_sha?.slice(0, 8)}</code>):{' '}
          {fmt(props.data.files.length)} file{props.data.files.length === 1 ? '' : 's'} and{' '}
          {fmt(props.data.functions.length)} function{props.data.functions.length === 1 ? '' : 's'} added or
          changed
          {props.data.basis === 'content'
            ? '.'
            : ' (some files compared by their numbers: their text was not stored).'}
        </p>
      )}
      {props.data && props.data.functions.length > 0 && (
        <div className="scroll-x">
          <table className="table" aria-label="New or changed functions">
            <thead>
              <tr>
                <th scope="col">Function</th>
                <th scope="col">File</th>
                <th scope="col">Change</th>
                <th scope="col" className="num">
                  Complexity
                </th>
                <th scope="col" className="num">
                  Cognitive
                </th>
              </tr>
            </thead>
            <tbody>
              {props.data.functions.map((f) => {
                const label = f.class_name ? `${f.class_name}.${f.name}` : f.name;
                return (
                  <tr key={`${f.path}:${label}:${f.lineno}`} data-function={label}>
                    <td>
                      <code>{label}</code>
                      {f.old_name && <span className="muted"> (was {f.old_name})</span>}
                    </td>
                    <td>
                      <code>{f.path}</code>
                    </td>
                    <td>
                      <span className={`change change-${f.change}`}>{f.change}</span>
                    </td>
                    <td className="num">{f.complexity}</td>
                    <td className="num">{f.cognitive}</td>
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
