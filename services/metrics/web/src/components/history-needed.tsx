import type { HistoryState } from '../api/types.js';

const REASONS: Record<NonNullable<HistoryState['reason']>, string> = {
  shallow_clone:
    'The repository was cloned shallowly (CLONE_SHALLOW is on), so the run saw only the analysed commit.',
  history_disabled: 'Git history analysis was turned off for this run.',
};

/** What a history view shows instead of numbers it cannot compute honestly. */
export function HistoryNeeded({ history }: { history: HistoryState }) {
  return (
    <div className="notice" role="note" data-history-reason={history.reason ?? 'unknown'}>
      <p>
        <strong>This view needs the full git history</strong> (clone with <code>CLONE_SHALLOW=false</code> /
        history enabled).
      </p>
      <p className="muted">
        {history.reason ? REASONS[history.reason] : 'The git history of this run could not be read.'}
        {history.commits_read > 0 && ` Commits read: ${history.commits_read}.`}
      </p>
    </div>
  );
}
