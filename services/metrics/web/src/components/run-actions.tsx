import { useEffect, useState } from 'react';
import { ApiError, cancelAnalysis, deleteAnalysis, retryAnalysis } from '../api/client.js';
import { checkSession } from '../api/session.js';
import { type Analysis, isFinished } from '../api/types.js';
import { navigate } from '../lib/router.js';

/**
 * What can be done with a run: cancel it while it waits or runs, run it again once it ended, and
 * delete it (only offered to an admin: with METRICS_ADMIN_TOKEN set, a browser signed in with it).
 */
export function RunActions({ analysis, onChanged }: { analysis: Analysis; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [admin, setAdmin] = useState(false);
  useEffect(() => {
    checkSession()
      .then((s) => setAdmin(s.admin !== false))
      .catch(() => setAdmin(false));
  }, []);
  const finished = isFinished(analysis.status);

  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (e) {
      setError(e instanceof ApiError ? (e.problem.detail ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="run-actions">
      {!finished && (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            act(async () => {
              await cancelAnalysis(analysis.id);
              onChanged();
            })
          }
        >
          Cancel run
        </button>
      )}
      {finished && (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            act(async () => {
              const next = await retryAnalysis(analysis.id);
              navigate(`/analyses/${next.id}`);
            })
          }
        >
          {analysis.status === 'done' ? 'Run again' : 'Retry'}
        </button>
      )}
      {admin && !confirming && (
        <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete run
        </button>
      )}
      {admin && confirming && (
        // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form field set
        <span className="confirm" role="group" aria-label="Confirm deletion">
          <span>Delete run #{analysis.id} with its results and files?</span>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() =>
              act(async () => {
                await deleteAnalysis(analysis.id);
                navigate('/');
              })
            }
          >
            Yes, delete
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </span>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
