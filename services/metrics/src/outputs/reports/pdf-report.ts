// The PDF report: key figures and grade, rank distribution, worst files and functions, heatmap, scatter.

import { layoutTable, type TableColumn } from '@app/kit/table-layout';
import PDFDocument from 'pdfkit';
import { gradeOf } from '../../shared-types/grade.js';
import { FONTS } from './fonts.js';
import { codeHealthBlock } from './pdf-code-health.js';
import {
  fmtNum,
  type ReportData,
  type ReportInsights,
  repoLabel,
  WORST_FILE_RULE,
  worstFiles,
} from './report-data.js';
import { rankBarsSvg, scatterSvg, treemapSvg } from './svg-charts.js';
import { clipEnd, clipStart } from './svg-text.js';
import { svgToPng } from './svg-to-png.js';

const M = 48;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const CONTENT_W = PAGE_W - 2 * M;
const INK = '#1d2330';
// Cells wrap, so paths and names are shown whole; only absurd lengths are shortened, to keep a row
// well under a page.
const MAX_PATH = 200;
const MAX_NAME = 120;
const MUTED = '#5d6677';

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string) {
  doc.moveDown(0.6).font('bold').fontSize(14).fillColor(INK).text(text, M, doc.y);
  doc.moveDown(0.3);
}

/** Starts a new page unless `needed` points are left above the bottom margin. */
function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > PAGE_H - M) {
    doc.addPage();
    doc.y = M;
  }
}

const CELL_FONT = 8.5;

/** Draws a table whose cells wrap inside their columns (see layoutTable), continuing over pages. */
function table(doc: Doc, cols: TableColumn[], rows: string[][]) {
  const font = (header: boolean) =>
    doc
      .font(header ? 'bold' : 'regular')
      .fontSize(CELL_FONT)
      .fillColor(header ? MUTED : INK);
  const boxes = layoutTable(
    cols,
    rows,
    (text, width, header) => font(header).heightOfString(text, { width }),
    { top: doc.y, pageTop: M, pageBottom: PAGE_H - M, padX: 2, padY: 3, minRowHeight: 15 },
  );
  let page = 0;
  let bottom = doc.y;
  for (const box of boxes) {
    if (box.page > page) {
      doc.addPage();
      page = box.page;
    }
    font(box.header);
    let x = M;
    cols.forEach((c, i) => {
      doc.text(box.cells[i] ?? '', x + 2, box.y + 3, { width: c.width - 4, align: c.align ?? 'left' });
      x += c.width;
    });
    bottom = box.y + box.height;
    doc
      .moveTo(M, bottom)
      .lineTo(M + CONTENT_W, bottom)
      .lineWidth(0.4)
      .strokeColor('#dde1e8')
      .stroke();
  }
  doc.x = M;
  doc.y = bottom + 6;
}

/** Renders the report of a finished run as a PDF document. */
export function renderPdfReport(d: ReportData): Promise<Buffer> {
  const { doc, done } = openDocument(d);
  titleBlock(doc, d);
  if (d.gate) gateBlock(doc, d.gate);
  keyFigures(doc, d.summary);
  gradeAndRanks(doc, d.summary);
  worstFilesTable(doc, d);
  worstFunctionsTable(doc, d);
  if (d.codeHealth) {
    codeHealthBlock(
      {
        doc,
        width: CONTENT_W,
        heading: (t) => heading(doc, t),
        ensureSpace: (n) => ensureSpace(doc, n),
        table: (cols, rows) => table(doc, cols, rows),
      },
      d.codeHealth,
    );
  }
  chartsPage(doc, d);
  if (d.insights) insightsPage(doc, d.insights);
  doc.end();
  return done;
}

/** A4 with the report's fonts and metadata; `done` resolves to the bytes once the document ends. */
function openDocument(d: ReportData) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: {
      Title: `Code metrics: ${repoLabel(d.repoUrl)}`,
      Subject: `Analysis ${d.id}`,
      Creator: 'code-metrics service',
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  return { doc, done };
}

// Page 1: who, what, how good.
function titleBlock(doc: PDFKit.PDFDocument, d: ReportData) {
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(`Code metrics report: ${repoLabel(d.repoUrl)}`, M, M);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      [
        `Run #${d.id}`,
        d.ref ? `ref ${d.ref}` : null,
        d.commit ? `commit ${d.commit.slice(0, 12)}` : null,
        `analysed ${d.analysedAt.replace('T', ' ').slice(0, 16)} UTC`,
      ]
        .filter(Boolean)
        .join('  ·  '),
    );
}

function gateBlock(doc: PDFKit.PDFDocument, g: NonNullable<ReportData['gate']>) {
  heading(doc, `Quality gate: ${g.status}`);
  const lines =
    g.status === 'passed'
      ? [`Every condition holds: ${g.conditions.join(', ')}.`]
      : g.failures.map((f) => `Failed ${f}`);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(g.status === 'passed' ? INK : '#c62828')
    .text(lines.join('\n'), M, doc.y, { width: CONTENT_W });
}

function keyFigures(doc: PDFKit.PDFDocument, s: ReportData['summary']) {
  const kpis: [string, string][] = [
    ['Files', fmtNum(s.files)],
    ['Lines', fmtNum(s.loc)],
    ['Classes', fmtNum(s.classes)],
    ['Functions', fmtNum(s.functions)],
    ['Avg complexity', fmtNum(s.cc_avg, 2)],
    ['Max complexity', fmtNum(s.cc_max)],
    ['Avg MI', fmtNum(s.mi_avg, 1)],
    ['Pylint average', fmtNum(s.pylint_avg, 2)],
  ];
  heading(doc, 'Key figures');
  const top = doc.y;
  const boxW = (CONTENT_W - 3 * 8) / 4;
  kpis.forEach(([label, value], i) => {
    const x = M + (i % 4) * (boxW + 8);
    const y = top + Math.floor(i / 4) * 58;
    doc.roundedRect(x, y, boxW, 50, 6).fillColor('#f1f3f6').fill();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, x + 8, y + 8, { width: boxW - 16 });
    doc
      .font('bold')
      .fontSize(16)
      .fillColor(INK)
      .text(value, x + 8, y + 24, { width: boxW - 16 });
  });
  doc.x = M;
  doc.y = top + 2 * 58 + 4;
}

function gradeAndRanks(doc: PDFKit.PDFDocument, s: ReportData['summary']) {
  const grade = gradeOf(s);
  heading(doc, grade.parts.length ? `Grade ${grade.letter} (${fmtNum(grade.score)}/100)` : 'No grade');
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      grade.parts.length
        ? `Average of ${grade.parts.map((p) => `${p.name} ${fmtNum(p.value)}`).join(', ')}. A ≥ 85, B ≥ 70, C ≥ 55, D ≥ 40, else F.`
        : 'The run has no functions, maintainability index or pylint score to grade.',
      { width: CONTENT_W },
    );
  heading(doc, 'Cyclomatic complexity ranks of functions');
  doc.image(svgToPng(rankBarsSvg(s), 1400), M, doc.y, { width: CONTENT_W });
  doc.y += (CONTENT_W * 300) / 1000 + 6;
  if (s.parse_errors) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${fmtNum(s.parse_errors)} file(s) could not be parsed.`, M);
  }
}

// The worst offenders follow the grade on page 1, so the first page is full and leads with what to fix.
function worstFilesTable(doc: PDFKit.PDFDocument, d: ReportData) {
  ensureSpace(doc, 80);
  heading(doc, 'Worst files');
  const worst = worstFiles(d.files, 25);
  if (worst.length === 0) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`No file crosses a threshold (${WORST_FILE_RULE}).`, M, doc.y, { width: CONTENT_W });
  }
  const fileCols: TableColumn[] = [
    { title: 'File', width: CONTENT_W - 5 * 56 },
    { title: 'Lines', width: 56, align: 'right' },
    { title: 'Max CC', width: 56, align: 'right' },
    { title: 'Avg CC', width: 56, align: 'right' },
    { title: 'MI', width: 56, align: 'right' },
    { title: 'Pylint', width: 56, align: 'right' },
  ];
  if (worst.length) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Files with ${WORST_FILE_RULE}, worst first.`, M, doc.y, { width: CONTENT_W });
    doc.moveDown(0.3);
    table(
      doc,
      fileCols,
      worst.map((f) => [
        clipStart(f.path, MAX_PATH),
        fmtNum(f.loc),
        fmtNum(f.cc_max),
        fmtNum(f.cc_avg, 2),
        fmtNum(f.mi, 1),
        fmtNum(f.pylint_score, 2),
      ]),
    );
  }
}

function worstFunctionsTable(doc: PDFKit.PDFDocument, d: ReportData) {
  if (d.worstFunctions.length) {
    // The heading stays with the table: room for it, the header and a two-line row.
    ensureSpace(doc, 80);
    heading(doc, 'Most complex functions');
    const fnCols: TableColumn[] = [
      { title: 'Function', width: 170 },
      { title: 'File', width: CONTENT_W - 170 - 4 * 50 },
      { title: 'Line', width: 50, align: 'right' },
      { title: 'CC', width: 50, align: 'right' },
      { title: 'Rank', width: 50, align: 'right' },
      { title: 'Cognitive', width: 50, align: 'right' },
    ];
    table(
      doc,
      fnCols,
      d.worstFunctions
        .slice(0, 15)
        .map((f) => [
          clipEnd(f.class ? `${f.class}.${f.name}` : f.name, MAX_NAME),
          clipStart(f.path, MAX_PATH),
          String(f.lineno),
          String(f.complexity),
          f.rank,
          String(f.cognitive),
        ]),
    );
  }
}

// Then a page of charts: where the complexity lives.
function chartsPage(doc: PDFKit.PDFDocument, d: ReportData) {
  const history = d.summary.history_enabled === true;
  doc.addPage();
  heading(doc, 'Heatmap: area by lines, colour by maximum complexity');
  doc.image(svgToPng(treemapSvg(d.files), 1600), M, doc.y, { width: CONTENT_W });
  doc.y += (CONTENT_W * 620) / 1000 + 6;
  heading(doc, history ? 'Hotspots: complexity against revisions' : 'Complexity against lines of code');
  doc.image(svgToPng(scatterSvg(d.files, history), 1600), M, doc.y, { width: CONTENT_W });
}

const REASONS = {
  shallow_clone: 'the repository was cloned without its history (shallow clone)',
  history_disabled: 'git history was disabled for this run',
} as const;

/** Page 4: where to act, from the git history (hotspots, coupled pairs, bus factor). */
function insightsPage(doc: Doc, x: ReportInsights) {
  doc.addPage();
  doc.y = M;
  heading(doc, 'Where to act: history insights');
  const note = (text: string) =>
    doc.font('regular').fontSize(9).fillColor(MUTED).text(text, M, doc.y, { width: CONTENT_W });
  if (!x.available) {
    note(
      `These views need the full git history (clone with CLONE_SHALLOW=false / history enabled): ${
        x.reason ? REASONS[x.reason] : 'this run predates them'
      }.`,
    );
    return;
  }
  note(
    `From ${fmtNum(x.commitsRead)} commits. Bus factor ${fmtNum(x.busFactor)}: the fewest of the ${fmtNum(
      x.authorsTotal,
    )} authors whose departure leaves more than half of the files without anyone who wrote at least 10 % of their changed lines. ${fmtNum(
      x.atRisk,
    )} file(s) are known by their main author alone.`,
  );
  heading(doc, 'Hotspots: change frequency × complexity');
  table(
    doc,
    [
      { title: 'File', width: CONTENT_W - 4 * 62 },
      { title: 'Score', width: 62, align: 'right' },
      { title: 'Revisions', width: 62, align: 'right' },
      { title: 'Complexity', width: 62, align: 'right' },
      { title: 'Churn', width: 62, align: 'right' },
    ],
    x.hotspots.map((h) => [
      clipStart(h.path, MAX_PATH),
      fmtNum(h.score, 2),
      fmtNum(h.revisions),
      fmtNum(h.complexity),
      fmtNum(h.churn),
    ]),
  );
  ensureSpace(doc, 80);
  heading(doc, 'Files that change together');
  if (x.pairs.length === 0) {
    note('No pair of files passes the thresholds (5 revisions each, 3 shared commits, 30 %).');
    return;
  }
  const half = (CONTENT_W - 2 * 62) / 2;
  table(
    doc,
    [
      { title: 'File', width: half },
      { title: 'Changes with', width: half },
      { title: 'Shared', width: 62, align: 'right' },
      { title: 'Degree %', width: 62, align: 'right' },
    ],
    x.pairs.map((p) => [
      clipStart(p.path_a, MAX_PATH),
      clipStart(p.path_b, MAX_PATH),
      fmtNum(p.shared_commits),
      fmtNum(p.degree, 1),
    ]),
  );
}
