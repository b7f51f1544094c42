import type { JsonMessage } from '../pylint/pylint-process.js';

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

/** findings.csv's columns in order (also the API's item shape). */
export const FINDING_CSV_COLUMNS = [
  'path',
  'line',
  'column',
  'end_line',
  'end_column',
  'category',
  'symbol',
  'message_id',
  'message',
] as const;

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * A JSON reporter message as a finding of `path` (the path as the run names the file). Some messages
 * quote the absolute path pylint opened (`syntax-error`: "unknown encoding for '/…/clone/a.py'"): the
 * folders in `hide` (the clone) are cut from the text so no server folder reaches the API or the CSV.
 */
export function toFinding(path: string, m: JsonMessage, hide: string[] = []): Finding {
  let message = m.message ?? '';
  for (const dir of hide) message = message.split(`${dir}/`).join('').split(dir).join('.');
  return {
    path,
    line: int(m.line) ?? 0,
    column: int(m.column) ?? 0,
    end_line: int(m.endLine),
    end_column: int(m.endColumn),
    category: m.type,
    symbol: m.symbol ?? '',
    message_id: m['message-id'] ?? '',
    message,
  };
}

/** Position order within a run: path, then line, then column. */
export function compareFindings(a: Finding, b: Finding): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column;
}
