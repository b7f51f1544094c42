import { useEffect, useState } from 'react';
import type { Analysis } from '../api/types.js';
import { judgeAgain, loadGate, loadVerdict, ownerRepo, saveGate, type Verdict } from './gate-api.js';
import { VerdictPanel } from './verdict-panel.js';

/**
 * The saved gate of the run's repository (or the default) edited and saved, and the run's verdict.
 * Conditions use pyscan's --fail-on grammar (docs/quality-gate.md).
 */
export function SavedGate(props: { analysis: Analysis }) {
  const { analysis } = props;
  const repo = ownerRepo(analysis.repo_url);
  const [scope, setScope] = useState<'repository' | 'default'>('repository');
  const [conditions, setConditions] = useState('');
  const [badge, setBadge] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  // The form shows once the saved gate is in: typed conditions must not be replaced by a late load.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let alive = true;
    (async () => {
      const own = await loadGate('repository', analysis.repo_url);
      const g = own ?? (await loadGate('default', analysis.repo_url));
      if (!alive) return;
      setScope(own || !g ? 'repository' : 'default');
      setConditions(g?.conditions.join(', ') ?? '');
      setBadge(g?.badge_public ?? false);
      setLoaded(true);
      setVerdict(await loadVerdict(analysis.id));
    })().catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [analysis.id, analysis.repo_url]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setNote(null);
    try {
      const g = await saveGate(scope, analysis.repo_url, { conditions, badge_public: badge });
      setConditions(g.conditions.join(', '));
      setVerdict(await judgeAgain(analysis.id));
      setNote(
        `Saved ${scope === 'default' ? 'as the default gate' : `for ${repo}`}; this run was judged again.`,
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section className="card" aria-labelledby="saved-gate-title" data-view="saved-gate">
      <h2 id="saved-gate-title">Saved quality gate</h2>
      <p className="muted">
        Saved conditions judge every run that finishes (passed or failed), shown on its dashboard, in the API,
        the PDF, the share card and the badge. Same grammar as <code>pyscan --fail-on</code>: item metrics
        such as <code>cc&gt;15</code>, run-level numbers such as <code>mi_avg&lt;40</code>, and{' '}
        <code>new_</code> for new code since the previous run (<code>new_cc&gt;10</code>,{' '}
        <code>new_functions&gt;50</code>).
      </p>
      {loaded ? (
        <form className="gate-form" onSubmit={save} aria-label="Saved quality gate">
          <div className="field">
            <label htmlFor="saved-gate-conditions">Conditions</label>
            <input
              id="saved-gate-conditions"
              value={conditions}
              onChange={(e) => setConditions(e.target.value)}
              placeholder="cc>15, mi_avg<40, new_cc>10"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor="saved-gate-scope">Applies to</label>
            <select
              id="saved-gate-scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as 'repository' | 'default')}
            >
              <option value="repository">{repo} only</option>
              <option value="default">every repository without its own gate</option>
            </select>
          </div>
          <label className="check">
            <input type="checkbox" checked={badge} onChange={(e) => setBadge(e.target.checked)} /> Public
            badge (<code>/api/badges/{repo}/gate.svg</code>)
          </label>
          <div className="buttons">
            <button type="submit" className="primary">
              Save gate
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">Loading the saved gate…</p>
      )}
      {note && (
        <p className="muted" role="status">
          {note}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <VerdictPanel verdict={verdict} />
    </section>
  );
}
