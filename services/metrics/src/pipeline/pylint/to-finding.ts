import type { Finding } from '../../shared-types/finding-shape.js';
import type { JsonMessage } from './json-message.js';

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
