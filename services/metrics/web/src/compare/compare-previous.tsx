import { useEffect, useState } from 'react';
import { getAnalysis } from '../api/client.js';
import { linkProps, navigate } from '../lib/router.js';

/**
 * "Compare with previous": the run the server names as this one's previous (`previous_id`: the commit
 * before this run's in its series, per-commit runs of history runs included; else the repository's
 * previous finished run).
 */
export function ComparePrevious({ id }: { id: number }) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    (async () => {
      const a = await getAnalysis(id);
      const prev = a.previous_id ?? undefined;
      if (!alive) return;
      if (a.status !== 'done') setMessage('This run has not finished: nothing to compare yet.');
      else if (prev === undefined)
        setMessage('No earlier commit or run of this repository has been analysed: nothing to compare with.');
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
