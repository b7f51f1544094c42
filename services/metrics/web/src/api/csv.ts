/**
 * Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into its header and rows of cells.
 * Unquoted fields are sliced, not built character by character: 10,000 file rows parse in tens of ms.
 */
export function parseCsvRows(text: string): { header: string[]; rows: string[][] } {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    let field: string;
    if (text[i] === '"') {
      // Quoted: runs to the next lone quote; doubled quotes are one quote.
      let out = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          out += text.slice(j);
          j = n;
          break;
        }
        out += text.slice(j, q);
        if (text[q + 1] === '"') {
          out += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      field = out;
      i = j;
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        j++;
      }
      field = text.slice(i, j);
      i = j;
    }
    row.push(field);
    const c = text[i];
    if (c === ',') {
      i++;
      if (i === n) row.push('');
    } else {
      if (c === '\r' && text[i + 1] === '\n') i += 2;
      else i++;
      rows.push(row);
      row = [];
    }
  }
  if (row.length) rows.push(row);
  const [header = [], ...body] = rows;
  return { header, rows: body.filter((r) => r.length > 1 || r[0] !== '') };
}

/**
 * The service prefixes `'` to text cells that a spreadsheet would run as a formula (and to cells that
 * already start with `'`), so dropping one leading `'` gives the stored text back.
 */
export const textOf = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);

/** A reader of one row's cells by column name (missing columns read as empty). */
export type Cells = (name: string) => string;

/** Maps every row through `fn`, which reads cells by column name. */
export function mapCsv<T>(text: string, fn: (cell: Cells) => T): T[] {
  const { header, rows } = parseCsvRows(text);
  const index = new Map(header.map((h, i) => [h, i]));
  return rows.map((r) => fn((name) => textOf(r[index.get(name) ?? -1] ?? '')));
}

/** A CSV cell as a number; empty means "not computed" and stays null. */
export const num = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
