// RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, quote, CR or LF.

/** One CSV field: empty for null/undefined, true/false for booleans, JavaScript's shortest form for numbers. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans never need quotes: only text is searched for the characters that do.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV record (without its line end) with the given columns taken from row. */
export function csvRow(columns: readonly string[], row: object): string {
  const rec = row as Record<string, unknown>;
  return columns.map((c) => csvField(rec[c])).join(',');
}

/** A whole CSV document: header plus one record per row, each ended by CRLF. */
export function toCsv(columns: readonly string[], rows: Iterable<object>): string {
  let out = `${columns.map(csvField).join(',')}\r\n`;
  for (const r of rows) out += `${csvRow(columns, r)}\r\n`;
  return out;
}
