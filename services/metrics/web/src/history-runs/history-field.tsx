// The home form's "also measure earlier commits" choice (a history run, docs/metrics-service.md
// "History runs"): none, the last N commits, or every commit since a date.

export type HistoryChoice =
  | { kind: 'none' }
  | { kind: 'commits'; commits: string }
  | { kind: 'since'; since: string };

/** The request's `history` field for a choice, or undefined for none. */
export function historyBody(c: HistoryChoice): { commits: number } | { since: string } | undefined {
  if (c.kind === 'commits') return { commits: Number(c.commits) };
  if (c.kind === 'since') return { since: c.since };
  return undefined;
}

export function HistoryField(props: {
  value: HistoryChoice;
  onChange: (c: HistoryChoice) => void;
  error?: string | undefined;
}) {
  const { value: v, onChange } = props;
  return (
    <fieldset className="field" aria-describedby={props.error ? 'history-error' : 'history-hint'}>
      <legend>History (optional)</legend>
      <label>
        <input
          type="radio"
          name="history"
          checked={v.kind === 'none'}
          onChange={() => onChange({ kind: 'none' })}
        />{' '}
        This commit only
      </label>
      <label>
        <input
          type="radio"
          name="history"
          checked={v.kind === 'commits'}
          onChange={() => onChange({ kind: 'commits', commits: '20' })}
        />{' '}
        Also measure the last{' '}
        <input
          aria-label="Number of earlier commits"
          type="number"
          min={1}
          max={500}
          value={v.kind === 'commits' ? v.commits : ''}
          disabled={v.kind !== 'commits'}
          onChange={(e) => onChange({ kind: 'commits', commits: e.target.value })}
        />{' '}
        commits
      </label>
      <label>
        <input
          type="radio"
          name="history"
          checked={v.kind === 'since'}
          onChange={() => onChange({ kind: 'since', since: '' })}
        />{' '}
        Also measure every commit since{' '}
        <input
          aria-label="Measure commits since"
          type="date"
          value={v.kind === 'since' ? v.since : ''}
          disabled={v.kind !== 'since'}
          onChange={(e) => onChange({ kind: 'since', since: e.target.value })}
        />
      </label>
      {props.error ? (
        <p id="history-error" className="error" role="alert">
          History {props.error}
        </p>
      ) : (
        <p id="history-hint" className="hint">
          A history run: one run per earlier commit, for the trend page (at most 500 commits).
        </p>
      )}
    </fieldset>
  );
}
