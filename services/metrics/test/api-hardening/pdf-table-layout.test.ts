// The PDF's tables with long file paths and names: wrapped cells push the next row down, nothing
// overlaps, and a table that runs off the page continues on the next one. Checked on the text
// positions pdf.js reads back from the real PDF.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { layoutTable } from '@app/kit/table-layout';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdfReport } from '../../src/outputs/reports/index.js';
import { sampleReportData } from '../reports/sample-data.js';

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const PAGE_H = 841.89;
const MARGIN = 48;

/** Every non-blank text run of every page, with its box in PDF points (y measured from the top). */
async function textBoxes(pdf: Buffer): Promise<Item[][]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: Item[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    const items: Item[] = [];
    for (const it of content.items) {
      if (!('str' in it) || it.str.trim() === '') continue;
      const [, , , , x = 0, baseline = 0] = it.transform as number[];
      items.push({ str: it.str, x, y: PAGE_H - baseline - it.height, w: it.width, h: it.height });
    }
    pages.push(items);
  }
  await doc.destroy();
  return pages;
}

const overlaps = (a: Item, b: Item) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** A sample run whose worst files and functions live deep in long folder names. */
function longPathData() {
  const d = sampleReportData();
  const deep = (i: number) =>
    `src/company_platform/services/internal_billing_engine/adapters/legacy_gateway_v${i}/handlers/module_${i}.py`;
  d.files = d.files.map((f, i) => ({ ...f, path: deep(i) }));
  d.worstFunctions = Array.from({ length: 15 }, (_, i) => ({
    path: deep(i),
    class: i % 2 ? 'VeryLongGatewayAdapterClassName' : '',
    name: `handle_incoming_settlement_notification_${i}`,
    lineno: 100 + i,
    complexity: 60 - i,
    cognitive: 90 - i,
    rank: 'F',
  }));
  return d;
}

describe('PDF tables with long paths', () => {
  test('no two text runs overlap, and every row stays inside the page margins', async () => {
    const pages = await textBoxes(await renderPdfReport(longPathData()));
    for (const [p, items] of pages.entries()) {
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          const a = items[i] as Item;
          const b = items[j] as Item;
          assert.ok(!overlaps(a, b), `page ${p + 1}: "${a.str}" overlaps "${b.str}"`);
        }
      }
      for (const it of items) {
        assert.ok(
          it.y + it.h <= PAGE_H - MARGIN + 1,
          `page ${p + 1}: "${it.str}" runs into the bottom margin`,
        );
      }
    }
  });

  test('wrapped rows keep their order, show the whole path, and the table goes on over a page break', async () => {
    const pages = await textBoxes(await renderPdfReport(longPathData()));
    assert.ok(pages.length > 2, `the long tables go on past page 1 (got ${pages.length})`);
    // The tables start on page 1, below the grade (issue 29), and the charts page follows them.
    const tablePages = pages;
    // The "Line" column of the functions table (below its heading): 100..114, top to bottom, page after page.
    const hp = tablePages.findIndex((items) => items.some((it) => it.str === 'Most complex functions'));
    const hy = tablePages[hp]?.find((it) => it.str === 'Most complex functions')?.y ?? 0;
    const lines = tablePages.flatMap((items, p) =>
      items
        .filter((it) => /^1[01]\d$/.test(it.str) && (p > hp || (p === hp && it.y > hy)))
        .map((it) => ({ n: Number(it.str), p, y: it.y })),
    );
    assert.deepEqual(
      lines.map((l) => l.n),
      Array.from({ length: 15 }, (_, i) => 100 + i),
    );
    for (let i = 1; i < lines.length; i++) {
      const a = lines[i - 1]!;
      const b = lines[i]!;
      assert.ok(b.p > a.p || b.y > a.y + 9, `row ${b.n} starts below row ${a.n}`);
    }
    const text = tablePages.map((items) => items.map((it) => it.str).join('')).join('');
    assert.ok(
      text.includes(
        'src/company_platform/services/internal_billing_engine/adapters/legacy_gateway_v7/handlers/module_7.py',
      ),
      'a wrapped path reads back whole',
    );
    // A table continued on a new page repeats its header.
    const headers = tablePages.flatMap((items) => items.filter((it) => it.str === 'Cognitive'));
    assert.ok(headers.length >= 1);
    const fnPages = tablePages.filter((items) => items.some((it) => /^1[01]\d$/.test(it.str)));
    for (const items of fnPages)
      assert.ok(
        items.some((it) => it.str === 'Cognitive'),
        'header on every page',
      );
  });
});

describe('layoutTable', () => {
  const cols = [
    { title: 'Name', width: 100 },
    { title: 'N', width: 40, align: 'right' as const },
  ];
  // 10 points per started 10 characters: a stand-in font whose wrapping is easy to follow.
  const measure = (text: string) => Math.max(1, Math.ceil(text.length / 10)) * 10;
  const g = { top: 50, pageTop: 20, pageBottom: 200, padX: 2, padY: 3, minRowHeight: 15 };

  test('a wrapped cell makes its row taller and pushes the next row down', () => {
    const boxes = layoutTable(
      cols,
      [
        ['short', '1'],
        ['a'.repeat(35), '2'],
        ['b', '3'],
      ],
      measure,
      g,
    );
    assert.deepEqual(
      boxes.map((b) => [b.page, b.y, b.height, b.header]),
      [
        [0, 50, 16, true],
        [0, 66, 16, false],
        [0, 82, 46, false],
        [0, 128, 16, false],
      ],
    );
  });

  test('rows that do not fit start a new page under a repeated header; none crosses the bottom', () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`${'x'.repeat(25)}${i}`, String(i)]);
    const boxes = layoutTable(cols, rows, measure, g);
    for (const b of boxes) assert.ok(b.y + b.height <= g.pageBottom, `row at ${b.y} fits`);
    const pages = new Set(boxes.map((b) => b.page));
    assert.ok(pages.size >= 3);
    for (const p of pages)
      assert.equal(boxes.find((b) => b.page === p)?.header, true, `page ${p} starts with the header`);
    const body = boxes.filter((b) => !b.header);
    assert.deepEqual(
      body.map((b) => b.cells[1]),
      rows.map((r) => r[1]),
    );
    for (let i = 1; i < boxes.length; i++) {
      const a = boxes[i - 1]!;
      const b = boxes[i]!;
      if (a.page === b.page) assert.equal(b.y, a.y + a.height, 'rows touch, never overlap');
    }
  });

  test('a header that would be alone at the foot of a page moves on with the first row', () => {
    const boxes = layoutTable(cols, [['x'.repeat(45), '1']], measure, { ...g, top: 160 });
    assert.deepEqual(
      boxes.map((b) => [b.page, b.y]),
      [
        [1, 20],
        [1, 36],
      ],
    );
  });
});
