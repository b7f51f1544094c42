import { useEffect, useState } from 'react';
import { validateAnalysisInput } from '../../../src/shared-types/repo-validate.js';
import { ApiError, createAnalysis, listAnalyses, listAnalysesPage } from '../api/client.js';
import type { Analysis } from '../api/types.js';
import { StatusBadge } from '../components/status-badge.js';
import { type HistoryChoice, HistoryField, historyBody } from '../history-runs/history-field.js';
import { fmt, repoName, when } from '../lib/format.js';
import { linkProps, navigate, useLocation } from '../lib/router.js';

type FieldErrors = Record<string, string>;

/** A problem's field error as the form shows it: every `exclude.N` goes under the one Exclude field. */
function fieldError(path: string, message: string, globs: string[]): [string, string] {
  const field = path.replace(/^\//, '');
  const m = /^exclude[./](\d+)$/.exec(field);
  if (m) return ['exclude', `"${globs[Number(m[1])] ?? ''}": ${message}`];
  return [field, message];
}

/**
 * The exclusions of the repository's latest run, filled in once the URL names a repository the
 * service has analysed, as long as the user has not typed exclusions of their own. Returns the run
 * they came from (null when nothing was filled in).
 */
function useRememberedExclude(url: string, exclude: string, setExclude: (v: string) => void): number | null {
  const [from, setFrom] = useState<{ run: number; text: string } | null>(null);
  const untouched = exclude === '' || exclude === from?.text;
  useEffect(() => {
    if (!untouched) return;
    const v = validateAnalysisInput({ repo_url: url.trim() });
    if (!v.ok) return;
    let alive = true;
    const timer = setTimeout(async () => {
      const [last] = await listAnalyses(1, v.value.canonicalUrl).catch(() => [] as Analysis[]);
      if (!alive) return;
      const globs = (last?.settings?.exclude as string[] | undefined) ?? [];
      if (!last || globs.length === 0) {
        if (from) setExclude('');
        setFrom(null);
        return;
      }
      const text = globs.join(', ');
      if (from?.run === last.id && from.text === text) return;
      setFrom({ run: last.id, text });
      setExclude(text);
    }, 300);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [url, untouched, from, setExclude]);
  return untouched && from ? from.run : null;
}

/** Repository URL, optional branch or ref, Analyze; the recent runs below. */
export function Home() {
  const [url, setUrl] = useState('');
  const [branch, setBranch] = useState('');
  const [ref, setRef] = useState('');
  const [exclude, setExclude] = useState('');
  const [history, setHistory] = useState<HistoryChoice>({ kind: 'none' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remembered = useRememberedExclude(url, exclude, setExclude);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = {
      repo_url: url.trim(),
      ...(branch.trim() ? { branch: branch.trim() } : {}),
      ...(ref.trim() ? { ref: ref.trim() } : {}),
    };
    const globs = exclude
      .split(/[,\n]/)
      .map((g) => g.trim())
      .filter((g) => g !== '');
    // The very rules the API applies, so the user hears about a bad URL before a round trip.
    const v = validateAnalysisInput(body);
    if (!v.ok) {
      setErrors(Object.fromEntries(v.errors.map((x) => [x.field, x.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const h = historyBody(history);
      const a = await createAnalysis({
        ...body,
        ...(globs.length > 0 ? { exclude: globs } : {}),
        ...(h ? { history: h } : {}),
      });
      navigate(`/analyses/${a.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.problem.errors?.length) {
        setErrors(Object.fromEntries(err.problem.errors.map((x) => fieldError(x.path, x.message, globs))));
      } else setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="card hero">
        <h1>Analyze a Python repository</h1>
        <p className="muted">
          Complexity, maintainability, Halstead, raw counts, pylint and git history, per file, class and
          function.
        </p>
        <form onSubmit={submit} noValidate aria-label="New analysis">
          <div className="field">
            <label htmlFor="repo-url">Repository URL</label>
            <input
              id="repo-url"
              name="repo_url"
              type="url"
              placeholder="https://github.com/owner/repo"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={errors.repo_url ? true : undefined}
              aria-describedby={errors.repo_url ? 'repo-url-error' : 'repo-url-hint'}
              required
            />
            {errors.repo_url ? (
              <p id="repo-url-error" className="error" role="alert">
                Repository URL {errors.repo_url}
              </p>
            ) : (
              <p id="repo-url-hint" className="hint">
                A public GitHub repository: https://github.com/&lt;owner&gt;/&lt;repo&gt;
              </p>
            )}
          </div>
          <div className="row">
            <div className="field">
              <label htmlFor="branch">Branch (optional)</label>
              <input
                id="branch"
                name="branch"
                value={branch}
                onChange={(e) => setBranch(e.target.value)}
                placeholder="default branch"
                aria-invalid={errors.branch ? true : undefined}
                aria-describedby={errors.branch ? 'branch-error' : undefined}
              />
              {errors.branch && (
                <p id="branch-error" className="error" role="alert">
                  Branch {errors.branch}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor="ref">Tag or commit (optional)</label>
              <input
                id="ref"
                name="ref"
                value={ref}
                onChange={(e) => setRef(e.target.value)}
                placeholder="wins over the branch"
                aria-invalid={errors.ref ? true : undefined}
                aria-describedby={errors.ref ? 'ref-error' : undefined}
              />
              {errors.ref && (
                <p id="ref-error" className="error" role="alert">
                  Ref {errors.ref}
                </p>
              )}
            </div>
          </div>
          <div className="field">
            <label htmlFor="exclude">Exclude (optional)</label>
            <input
              id="exclude"
              name="exclude"
              value={exclude}
              onChange={(e) => setExclude(e.target.value)}
              placeholder="legacy, src/gen/**, *_pb2.py"
              aria-invalid={errors.exclude ? true : undefined}
              aria-describedby={errors.exclude ? 'exclude-error' : 'exclude-hint'}
            />
            {errors.exclude ? (
              <p id="exclude-error" className="error" role="alert">
                Exclude {errors.exclude}
              </p>
            ) : (
              <p id="exclude-hint" className="hint">
                {remembered !== null && `As in run #${remembered} of this repository. `}
                Comma-separated globs, relative to the repository; they add to its own [tool.pyscan] exclude.
              </p>
            )}
          </div>
          <HistoryField value={history} onChange={setHistory} error={errors.history} />
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Starting…' : 'Analyze'}
          </button>
          {formError && (
            <p className="error" role="alert">
              {formError}
            </p>
          )}
        </form>
      </section>
      <RecentRuns />
    </>
  );
}

const PAGE = 20;

/**
 * The run list: 20 at a time, newest first, with older pages (`?before=<id>`) and one repository's
 * runs (`?repo=owner/name`), both in the URL so a link or a reload shows the same page.
 */
function RecentRuns() {
  const { query } = useLocation();
  const repo = query.get('repo');
  const before = Number(query.get('before')) || undefined;
  const [runs, setRuns] = useState<Analysis[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pageUrl = (p: { repo?: string | null; before?: number | null }) => {
    const q = new URLSearchParams();
    if (p.repo) q.set('repo', p.repo);
    if (p.before) q.set('before', String(p.before));
    const s = q.toString();
    return `/${s ? `?${s}` : ''}`;
  };
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const page = await listAnalysesPage(PAGE, repo ? `https://github.com/${repo}` : undefined, before);
        if (!alive) return;
        setRuns(page.items);
        setNext(page.next);
        setError(null);
        // Keep statuses fresh while something is still running.
        if (page.items.some((a) => a.status === 'pending' || a.status === 'running'))
          timer = setTimeout(load, 3000);
      } catch (e) {
        if (alive) setError(e instanceof Error ? e.message : String(e));
      }
    };
    load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [repo, before]);
  return (
    <section className="card" aria-labelledby="recent-title">
      <h2 id="recent-title">{repo ? `Runs of ${repo}` : 'Recent runs'}</h2>
      {repo && (
        <p>
          <a {...linkProps(pageUrl({}))}>All repositories</a>
        </p>
      )}
      {error && <p className="error">Could not load the runs: {error}</p>}
      {runs === null && !error && <p className="muted">Loading…</p>}
      {runs?.length === 0 && <p className="muted">{before ? 'No older runs.' : 'No analyses yet.'}</p>}
      {runs && runs.length > 0 && (
        <table className="table" aria-label="Recent runs">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Repository</th>
              <th scope="col">Ref</th>
              <th scope="col">Status</th>
              <th scope="col" className="num hide-narrow">
                Files
              </th>
              <th scope="col" className="num hide-narrow">
                Avg CC
              </th>
              <th scope="col" className="hide-narrow">
                Started
              </th>
              <th scope="col">Compare</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((a) => (
              <tr key={a.id}>
                <td>{a.id}</td>
                <td>
                  <a {...linkProps(`/analyses/${a.id}`)}>{repoName(a.repo_url)}</a>
                  {!repo && (
                    <>
                      {' '}
                      <a className="small" {...linkProps(pageUrl({ repo: repoName(a.repo_url) }))}>
                        all runs<span className="sr-only"> of {repoName(a.repo_url)}</span>
                      </a>
                    </>
                  )}
                </td>
                <td>
                  <code>{a.ref ?? a.branch ?? a.ref_used ?? 'default'}</code>
                </td>
                <td>
                  <StatusBadge status={a.status} stage={a.stage} />
                  {a.status === 'pending' && a.queue_position != null && (
                    <span className="muted"> #{a.queue_position} in queue</span>
                  )}
                </td>
                <td className="num hide-narrow">{fmt(a.summary?.files)}</td>
                <td className="num hide-narrow">{fmt(a.summary?.cc_avg, 2)}</td>
                <td className="hide-narrow">{when(a.created_at)}</td>
                <td>
                  {/* Only where there is a run to compare with (older servers: always, as before). */}
                  {a.status === 'done' && a.previous_id !== null && (
                    <a {...linkProps(`/analyses/${a.id}/compare`)}>with previous</a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(before || next !== null) && (
        <nav className="pager" aria-label="Run pages">
          {before && <a {...linkProps(pageUrl({ repo }))}>Newest runs</a>}
          {next !== null && <a {...linkProps(pageUrl({ repo, before: next }))}>Older runs</a>}
        </nav>
      )}
    </section>
  );
}
