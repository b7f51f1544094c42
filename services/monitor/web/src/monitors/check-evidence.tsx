import { useEffect, useState } from 'react';
import { freshSession } from '../api/refresh.js';
import type { CheckResult } from '../api/types.js';

/** Fetches a piece of a check result's evidence with the session's token, as a blob URL. */
async function evidenceUrl(id: number, kind: 'screenshot' | 'trace'): Promise<string> {
  const session = await freshSession();
  const res = await fetch(`/api/check-results/${id}/evidence/${kind}`, {
    headers: session ? { authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) throw new Error(`the ${kind} is no longer kept (HTTP ${res.status})`);
  return URL.createObjectURL(await res.blob());
}

/**
 * What a journey check recorded (issue 32): each step's outcome and time, console errors and failed
 * requests, and for a failed browser check its screenshot (shown inline) and trace (downloaded).
 */
export function CheckEvidence({ result }: { result: CheckResult }) {
  const d = result.details;
  const [shot, setShot] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => {
    if (shot) URL.revokeObjectURL(shot);
  });
  if (!d) return null;
  const download = async () => {
    try {
      const url = await evidenceUrl(result.id, 'trace');
      const a = document.createElement('a');
      a.href = url;
      a.download = `check-${result.id}-trace.zip`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <details className="check-evidence">
      <summary>{d.steps.length} steps</summary>
      <ol aria-label="Steps">
        {d.steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: stored steps have no identity but their place
          <li key={i} data-step-status={s.status}>
            <span className={`tag tag-${s.status === 'skipped' ? 'paused' : s.status}`}>{s.status}</span>{' '}
            {s.name} <span className="muted">{s.duration_ms} ms</span>
            {s.error && <span className="error-text"> · {s.error}</span>}
          </li>
        ))}
      </ol>
      {d.final_url && <p className="small">Final URL: {d.final_url}</p>}
      {!!d.console_errors?.length && <p className="small">Console errors: {d.console_errors.join(' · ')}</p>}
      {!!d.failed_requests?.length && (
        <p className="small">Failed requests: {d.failed_requests.join(' · ')}</p>
      )}
      {d.screenshot &&
        (shot ? (
          <img src={shot} alt={`Screenshot of check ${result.id}`} style={{ maxWidth: '100%' }} />
        ) : (
          <button
            type="button"
            onClick={() =>
              evidenceUrl(result.id, 'screenshot').then(setShot, (e: Error) => setError(e.message))
            }
          >
            Show screenshot
          </button>
        ))}{' '}
      {d.trace && (
        <button type="button" onClick={download}>
          Download trace
        </button>
      )}
      {error && <span className="error-text"> {error}</span>}
    </details>
  );
}
