// The shape of a finding, shared with the web UI (which imports this file): no imports here.

/** Pylint's message categories, most severe first. */
export const FINDING_CATEGORIES = ['fatal', 'error', 'warning', 'refactor', 'convention', 'info'] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

/**
 * One pylint message on one file. `line` is 1-based and `column` 0-based, as pylint reports them; the
 * end position is null when pylint gives none (module-level messages, older checkers).
 */
export interface Finding {
  path: string;
  line: number;
  column: number;
  end_line: number | null;
  end_column: number | null;
  category: string;
  symbol: string;
  message_id: string;
  message: string;
}
