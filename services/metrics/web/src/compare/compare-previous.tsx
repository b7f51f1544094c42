import { useEffect, useState } from 'react';
import { getAnalysis, listAnalyses } from '../api/client.js';
import { repoName } from '../lib/format.js';
import { linkProps, navigate } from '../lib/router.js';
import { pointTime } from '../trends/trend-view.js';
import { repositoryTrend } from '../trends/trends-api.js';

/**
 * "Compare with previous": the commit before this run's in its series (same branch or tag, by commit
 * date); a run with none there falls back to the repository's previous finished run.
 */
export function ComparePrevious({ id }: { id: number }) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    (async () => {
      const a = await getAnalysis(id);
      const trend = await repositoryTrend(repoName(a.repo_url));
      let prev: number | undefined;
      for (const s of trend.series) {
        const pts = [...s.points].sort((x, y) => pointTime(x) - pointTime(y));
        const i = pts.findIndex((p) => p.id === id);
        if (i > 0) prev = pts[i - 1]?.id;
      }
      if (prev === undefined) {
        const runs = await listAnalyses(100, a.repo_url);
        prev = runs.find((r) => r.id < id && r.status === 'done')?.id;
      }
      if (!alive) return;
      if (prev === undefined)
        setMessage('This is the first finished run of the repository: nothing to compare with.');
      else navigate(`/compare/${prev}/${id}`, true);
    })().catch((e: unknown) => alive && setMessage(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [id]);
  return (
    <section className="card">
      <h1>Compare run #{id} with the previous one</h1>
      {message ? (
        <p role="alert">
          {message} <a {...linkProps(`/analyses/${id}`)}>Back to the run</a>.
        </p>
      ) : (
        <p className="muted">Finding the previous run…</p>
      )}
    </section>
  );
}
