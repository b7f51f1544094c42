// RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, quote, CR or LF.

/** One CSV field: empty for null/undefined, true/false for booleans, JavaScript's shortest form for numbers. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s: string;
  if (typeof value === 'number') s = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'string') s = value;
  else if (typeof value === 'boolean' || typeof value === 'bigint') s = String(value);
  else s = JSON.stringify(value) ?? '';
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

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
