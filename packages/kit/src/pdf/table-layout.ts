// Shared by the PDF renderers of both services (metrics reports, monitor SLA reports).
// Where each row of a PDF table goes. A cell wraps inside its column, so a row is as tall as its
// tallest cell; a row that would cross the bottom margin starts a new page, under a repeated header.
// Pure (text height comes from `measure`), so the boxes can be checked without drawing anything.

export interface TableColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** One row placed: on which page (0 = the page the table starts on), its top and height in points. */
export interface RowBox {
  page: number;
  y: number;
  height: number;
  cells: string[];
  header: boolean;
}

export interface TableGeometry {
  /** Where the table starts on its first page. */
  top: number;
  /** Where tables continue on later pages. */
  pageTop: number;
  /** No row may reach below this. */
  pageBottom: number;
  /** Space above and below a cell's text, and left and right of it. */
  padY: number;
  padX: number;
  /** The height of a one-line row. */
  minRowHeight: number;
}

/** The height of `text` wrapped to `width`, in the header's or the body's font. */
export type MeasureText = (text: string, width: number, header: boolean) => number;

/** Lays out a header and `rows` on as many pages as they need. */
export function layoutTable(
  cols: TableColumn[],
  rows: string[][],
  measure: MeasureText,
  g: TableGeometry,
): RowBox[] {
  const heightOf = (cells: string[], header: boolean) =>
    Math.max(
      g.minRowHeight,
      ...cols.map((c, i) => measure(cells[i] ?? '', c.width - 2 * g.padX, header) + 2 * g.padY),
    );
  const titles = cols.map((c) => c.title);
  const headerH = heightOf(titles, true);
  const out: RowBox[] = [];
  let page = 0;
  let y = g.top;
  // A header alone at the foot of a page is no use: it moves on with the first row.
  const firstH = rows[0] ? heightOf(rows[0], false) : 0;
  if (y + headerH + firstH > g.pageBottom && g.top > g.pageTop) {
    page++;
    y = g.pageTop;
  }
  out.push({ page, y, height: headerH, cells: titles, header: true });
  y += headerH;
  for (const cells of rows) {
    const h = heightOf(cells, false);
    if (y + h > g.pageBottom) {
      page++;
      y = g.pageTop;
      out.push({ page, y, height: headerH, cells: titles, header: true });
      y += headerH;
    }
    out.push({ page, y, height: h, cells, header: false });
    y += h;
  }
  return out;
}
