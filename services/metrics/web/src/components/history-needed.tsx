import type { HistoryState } from '../api/types.js';

const REASONS: Record<NonNullable<HistoryState['reason']>, string> = {
  shallow_clone:
    'The clone holds only part of the history (the repository itself is a shallow clone), so revisions, authors and ages would be wrong.',
  history_disabled:
    'Git history was not read for this run: the service reads it only when it clones in full (CLONE_SHALLOW=false).',
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
