import { GitTreeError } from '../cache/git-tree.js';
import { HistoryError } from '../history/git-history.js';
import { CloneError } from '../repo/clone.js';

/** The `{code, message}` recorded on a failed run: stable codes, messages safe to show. */
export function failureOf(err: unknown): { code: string; message: string; expected: boolean } {
  if (err instanceof CloneError) return { code: err.code, message: err.message, expected: true };
  if (err instanceof HistoryError) return { code: 'history_failed', message: err.message, expected: true };
  // Reading the clone's trees or first-parent line (content cache, history runs).
  if (err instanceof GitTreeError) return { code: 'history_failed', message: err.message, expected: true };
  return {
    code: 'internal',
    message: 'the analysis failed unexpectedly; the service log has the details',
    expected: false,
  };
}
