import { useState } from 'react';
import { createAnalysis } from '../api/client.js';
import type { Analysis } from '../api/types.js';
import { navigate } from '../lib/router.js';

/** The trend page's button: a history run of this run's ref over its last 50 commits, then its page. */
export function StartHistoryRun({ analysis }: { analysis: Analysis }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const ref = analysis.ref ?? analysis.branch;
      const a = await createAnalysis({
        repo_url: analysis.repo_url,
        ...(ref ? { ref } : {}),
        ...((analysis.settings?.exclude as string[] | undefined)?.length
          ? { exclude: analysis.settings?.exclude as string[] }
          : {}),
        history: { commits: 50 },
      });
      navigate(`/analyses/${a.id}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <p>
      <button type="button" className="primary" onClick={start} disabled={busy}>
        {busy ? 'Starting…' : 'Measure the last 50 commits (history run)'}
      </button>
      {error && (
        <span className="error" role="alert">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}
