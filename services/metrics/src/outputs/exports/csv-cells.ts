// Spreadsheet formula injection (CWE-1236): Excel, LibreOffice and Google Sheets run a cell that starts
// with `=`, `+`, `-` or `@` (and some also after a leading tab or CR) as a formula. File paths, names,
// branch names and parse messages come from the analysed repository, so a hostile repository could
// plant `=HYPERLINK(...)` in a download. Text cells that could start a formula get a leading `'`,
// which spreadsheets take as "this is text" and do not show. Numbers are never touched: `-1.5` is a
// number, not a formula, and must stay one for whoever sums the column.

// A leading `'` is prefixed too, so that stripping one leading `'` always gives the original back.
const TRIGGER = /^[=+\-@\t\r']/;

/** A text cell made safe to open in a spreadsheet; any other value is returned as it is. */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && TRIGGER.test(value) ? `'${value}` : value;
}

/** A row whose text cells are neutralised (see neutraliseCell). */
export function neutraliseRow(row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = neutraliseCell(v);
  return out;
}
