import { useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { TestOutcome } from '../api/types.js';
import { StatusBadge } from '../components/status-badge.js';
import { bodyOf, type FormState } from './form-state.js';

/**
 * The form's "Test" button: runs one check of what the form holds now (nothing is saved) and shows
 * what it found. Editing, it names the monitor so masked credentials stand for the stored ones.
 */
export function TestCheck(props: {
  form: FormState;
  monitorId: number | undefined;
  /** Problems with the fields, from the form itself or the API's 422, shown at the fields. */
  onFieldErrors(errors: Record<string, string>): void;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setOutcome(null);
    setError(null);
    const { body, errors } = bodyOf(props.form, false);
    props.onFieldErrors(errors);
    if (Object.keys(errors).length) return;
    // The name does not matter to a test, and an empty one would be refused.
    const sent: Record<string, unknown> = { ...body };
    if (!props.form.name.trim()) delete sent.name;
    if (props.monitorId) sent.monitor_id = props.monitorId;
    setBusy(true);
    try {
      setOutcome(await api<TestOutcome>('/api/monitors/test', { method: 'POST', body: sent }));
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        props.onFieldErrors(err.fieldMessages());
        setError('The test did not run: please correct the marked fields.');
      } else setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="test-check">
      <button type="button" onClick={run} disabled={busy}>
        {busy ? 'Testing…' : 'Test'}
      </button>
      <div role="status" aria-label="Test result" className="test-result">
        {busy && <span className="hint">Running one check…</span>}
        {outcome && (
          <span data-test-status={outcome.status}>
            <StatusBadge status={outcome.status} />
            {outcome.response_time_ms !== null && <span> {outcome.response_time_ms} ms</span>}
            {outcome.status_code !== null && <span> · HTTP {outcome.status_code}</span>}
            {outcome.tls_days_left !== null && <span> · certificate: {outcome.tls_days_left} days left</span>}
            {outcome.error && <span className="error-text"> · {outcome.error}</span>}
            {outcome.warning && <span className="warning-text"> · {outcome.warning}</span>}
          </span>
        )}
        {outcome?.details && (
          <ol className="journey-results" aria-label="Step results">
            {outcome.details.steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity of their own; the editor edits by position
              <li key={i} data-step-status={s.status}>
                <span className={`tag tag-${s.status === 'skipped' ? 'paused' : s.status}`}>{s.status}</span>{' '}
                {s.name} <span className="muted">{s.duration_ms} ms</span>
                {s.error && <span className="error-text"> · {s.error}</span>}
              </li>
            ))}
          </ol>
        )}
        {error && <span className="error-text">{error}</span>}
      </div>
    </div>
  );
}
