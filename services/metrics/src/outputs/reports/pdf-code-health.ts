// The PDF's code-health section (issue 35): the repository's health score with its itemised
// deductions, the code-health numbers of the summary, and the least healthy functions with theirs.
import type { TableColumn } from '@app/kit/table-layout';
import { fmtNum, type ReportCodeHealth, type ReportScore } from './report-data.js';
import { clipEnd, clipStart } from './svg-text.js';

/** What the section draws with: the report's own heading, table and page-break helpers. */
export interface PdfParts {
  doc: PDFKit.PDFDocument;
  width: number;
  heading(text: string): void;
  ensureSpace(needed: number): void;
  table(cols: TableColumn[], rows: string[][]): void;
}

const LEAST_HEALTHY = 10;

/** `complexity −1.00 (cyclomatic complexity 14 > 10); cycles −1.00 (…)` */
export const deductionsText = (s: ReportScore) =>
  s.deductions.length === 0
    ? 'nothing deducted'
    : s.deductions.map((d) => `${d.kind} −${fmtNum(d.points, 2)} (${d.detail})`).join('; ');

export function codeHealthBlock(p: PdfParts, c: ReportCodeHealth): void {
  p.ensureSpace(120);
  p.heading(`Health ${fmtNum(c.score.health, 1)}/10`);
  p.doc
    .font('regular')
    .fontSize(9)
    .text(`10 minus: ${deductionsText(c.score)}.`, { width: p.width });
  p.doc.moveDown(0.4);
  const n = c.numbers;
  const pct = (v: number | null | undefined, what: string) =>
    v === null || v === undefined ? what : `${fmtNum(v, 1)} %`;
  p.table(
    [
      { title: 'Measure', width: 200 },
      { title: 'Value', width: p.width - 200, align: 'right' },
    ],
    [
      ['Line coverage', pct(n.coverage, 'no report uploaded')],
      ['New-code coverage', pct(n.new_coverage, 'no report uploaded, or no base')],
      ['Annotated (parameters and returns)', pct(n.typed, '–')],
      ['Documented (public modules, classes, functions)', pct(n.documented, '–')],
      ['Import cycles', fmtNum(n.cycles)],
      [
        'Broken import contracts',
        n.contracts === null || n.contracts === undefined ? 'none declared' : fmtNum(n.contracts),
      ],
      [
        'Security findings (bandit)',
        n.security_findings === null || n.security_findings === undefined
          ? 'bandit did not run'
          : fmtNum(n.security_findings),
      ],
    ],
  );
  if (c.leastHealthy.length === 0) return;
  p.ensureSpace(80);
  p.heading('Least healthy functions');
  p.table(
    [
      { title: 'Function', width: 120 },
      { title: 'File', width: 120 },
      { title: 'Line', width: 35, align: 'right' },
      { title: 'Health', width: 40, align: 'right' },
      { title: 'Deductions', width: p.width - 315 },
    ],
    c.leastHealthy
      .slice(0, LEAST_HEALTHY)
      .map((f) => [
        clipEnd(f.class ? `${f.class}.${f.name}` : f.name, 120),
        clipStart(f.path, 200),
        String(f.lineno),
        fmtNum(f.health, 1),
        deductionsText(f),
      ]),
  );
}
