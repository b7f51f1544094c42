// The SLA report as a PDF of a few pages: key figures, an uptime chart, the monitors table, the
// incidents and the per-location figures. pdfkit as in the metrics service's report; the table
// layout is kit's, shared with it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { layoutTable, type TableColumn } from '@app/kit/table-layout';
import type PDFDocument from 'pdfkit';
import type { SlaReport } from '../../shared-types/sla-report-shapes.js';

// The fonts ship with the npm package `dejavu-fonts-ttf`: rendering needs no system fonts.
const FONT_DIR = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const M = 48;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const CONTENT_W = PAGE_W - 2 * M;
const INK = '#1d2330';
const MUTED = '#5d6677';
const GOOD = '#2f9e44';
const BAD = '#d9480f';
// The chart shows the monitors furthest from their target; the table lists them all.
const CHART_ROWS = 25;

type Doc = InstanceType<typeof PDFDocument>;

const fmt = (v: number | null, digits = 3, unit = '') =>
  v === null ? '–' : `${Number(v.toFixed(digits))}${unit}`;
const minutes = (s: number | null) => (s === null ? '–' : `${Number((s / 60).toFixed(1))} min`);
const when = (iso: string | null, zone: string) =>
  iso === null
    ? 'open'
    : new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(iso),
      );

function heading(doc: Doc, text: string) {
  if (doc.y > PAGE_H - M - 80) doc.addPage();
  doc.moveDown(0.6).font('bold').fontSize(13).fillColor(INK).text(text, M, doc.y);
  doc.moveDown(0.3);
}

function table(doc: Doc, cols: TableColumn[], rows: string[][]) {
  const font = (header: boolean) =>
    doc
      .font(header ? 'bold' : 'regular')
      .fontSize(8)
      .fillColor(header ? MUTED : INK);
  const boxes = layoutTable(cols, rows, (t, w, h) => font(h).heightOfString(t, { width: w }), {
    top: doc.y,
    pageTop: M,
    pageBottom: PAGE_H - M,
    padX: 2,
    padY: 3,
    minRowHeight: 14,
  });
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

function summary(doc: Doc, r: SlaReport) {
  const s = r.summary;
  doc.font('bold').fontSize(18).fillColor(INK).text(`SLA report: ${r.scope.name}`, M, M);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${r.period.label} (${when(r.period.from, r.period.timezone)} to ${when(r.period.to, r.period.timezone)}, ${r.period.timezone})`,
    )
    .text(`Generated ${r.generated_at}`);
  heading(doc, 'Summary');
  const facts: [string, string][] = [
    ['Monitors', String(s.monitors)],
    ['Uptime, maintenance excluded', fmt(s.uptime_percent, 3, ' %')],
    ['Uptime, maintenance included', fmt(s.uptime_with_maintenance_percent, 3, ' %')],
    ['Downtime', `${fmt(s.downtime_minutes, 2)} min`],
    ['Incidents', String(s.incidents)],
    ['MTTA / MTTR', `${minutes(s.mtta_seconds)} / ${minutes(s.mttr_seconds)}`],
    ['SLA met / missed', `${s.sla_met} / ${s.sla_missed}`],
  ];
  table(
    doc,
    [
      { title: 'Figure', width: 220 },
      { title: 'Value', width: CONTENT_W - 220, align: 'right' },
    ],
    facts,
  );
}

/** Horizontal bars: each monitor's uptime against its target, on a scale from the lowest shown. */
function uptimeChart(doc: Doc, r: SlaReport) {
  const shown = r.monitors
    .filter((m) => m.uptime_percent !== null)
    .sort((a, b) => a.uptime_percent! - a.sla_target_percent - (b.uptime_percent! - b.sla_target_percent))
    .slice(0, CHART_ROWS);
  if (shown.length === 0) return;
  heading(
    doc,
    shown.length < r.monitors.length ? `Uptime: the ${shown.length} furthest from target` : 'Uptime',
  );
  const low = Math.max(
    0,
    Math.floor(Math.min(...shown.map((m) => Math.min(m.uptime_percent!, m.sla_target_percent))) - 1),
  );
  const labelW = 150;
  const barW = CONTENT_W - labelW - 60;
  const rowH = 14;
  if (doc.y + shown.length * rowH + 20 > PAGE_H - M) doc.addPage();
  const top = doc.y;
  const x = (v: number) => M + labelW + ((v - low) / (100 - low)) * barW;
  shown.forEach((m, i) => {
    const y = top + i * rowH;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK)
      .text(m.name, M, y + 2, { width: labelW - 6, height: rowH, ellipsis: true });
    doc.rect(x(low), y + 2, x(m.uptime_percent!) - x(low), rowH - 5).fill(m.sla_met ? GOOD : BAD);
    doc
      .moveTo(x(m.sla_target_percent), y)
      .lineTo(x(m.sla_target_percent), y + rowH - 1)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    doc.fillColor(MUTED).text(fmt(m.uptime_percent, 3, ' %'), x(100) + 4, y + 2, { width: 56 });
  });
  doc.y = top + shown.length * rowH + 4;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(`Scale ${low} % to 100 %; the black tick is the target.`, M, doc.y);
}

function monitorsTable(doc: Doc, r: SlaReport) {
  heading(doc, 'Monitors');
  const cols: TableColumn[] = [
    { title: 'Monitor', width: 120 },
    { title: 'Target', width: 40, align: 'right' },
    { title: 'Uptime', width: 50, align: 'right' },
    { title: 'With maint.', width: 50, align: 'right' },
    { title: 'Met', width: 26 },
    { title: 'Down min', width: 48, align: 'right' },
    { title: 'Budget left', width: 52, align: 'right' },
    { title: 'Degraded', width: 42, align: 'right' },
    { title: 'p50/p95/p99 ms', width: CONTENT_W - 428, align: 'right' },
  ];
  table(
    doc,
    cols,
    r.monitors.map((m) => [
      m.name,
      `${m.sla_target_percent} %`,
      fmt(m.uptime_percent, 3, ' %'),
      fmt(m.uptime_with_maintenance_percent, 3, ' %'),
      m.sla_met === null ? '–' : m.sla_met ? 'yes' : 'no',
      fmt(m.downtime_minutes, 1),
      m.error_budget_left_minutes === null ? '–' : `${fmt(m.error_budget_left_minutes, 1)} min`,
      fmt(m.degraded_percent, 2, ' %'),
      [m.response_time_ms.p50, m.response_time_ms.p95, m.response_time_ms.p99]
        .map((v) => fmt(v, 0))
        .join(' / '),
    ]),
  );
}

function incidentsTable(doc: Doc, r: SlaReport) {
  const rows = r.monitors.flatMap((m) =>
    m.incidents.map((i) => [
      m.name,
      when(i.started_at, r.period.timezone),
      when(i.resolved_at, r.period.timezone),
      minutes(i.duration_seconds),
      minutes(i.time_to_acknowledge_seconds),
      i.severity,
    ]),
  );
  heading(doc, `Incidents (${rows.length})`);
  if (rows.length === 0) {
    doc.font('regular').fontSize(9).fillColor(MUTED).text('None in this period.', M, doc.y);
    return;
  }
  table(
    doc,
    [
      { title: 'Monitor', width: 140 },
      { title: 'Started', width: 90 },
      { title: 'Resolved', width: 90 },
      { title: 'Duration', width: 60, align: 'right' },
      { title: 'Acknowledged after', width: 60, align: 'right' },
      { title: 'Severity', width: CONTENT_W - 440 },
    ],
    rows,
  );
}

function locationsTable(doc: Doc, r: SlaReport) {
  const rows = r.monitors
    .filter((m) => m.locations.length > 1)
    .flatMap((m) =>
      m.locations.map((l) => [
        m.name,
        l.name,
        fmt(l.checks, 0),
        fmt(l.uptime_percent, 3, ' %'),
        fmt(l.uptime_with_maintenance_percent, 3, ' %'),
      ]),
    );
  if (rows.length === 0) return;
  heading(doc, 'Per location');
  table(
    doc,
    [
      { title: 'Monitor', width: 150 },
      { title: 'Location', width: 120 },
      { title: 'Checks', width: 70, align: 'right' },
      { title: 'Uptime', width: 80, align: 'right' },
      { title: 'With maint.', width: CONTENT_W - 420, align: 'right' },
    ],
    rows,
  );
}

/**
 * Renders the report as an A4 PDF. pdfkit loads on the first report: imported at start it would
 * add about 25 MB of RSS to every monitor process, most of which never renders a PDF.
 */
export async function renderReportPdf(r: SlaReport): Promise<Buffer> {
  const { default: PdfDocument } = await import('pdfkit');
  const doc = new PdfDocument({
    size: 'A4',
    margin: M,
    info: { Title: `SLA report: ${r.scope.name} ${r.period.label}`, Creator: 'uptime monitor' },
  });
  doc.registerFont('regular', join(FONT_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('bold', join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  summary(doc, r);
  uptimeChart(doc, r);
  doc.addPage();
  doc.y = M;
  monitorsTable(doc, r);
  incidentsTable(doc, r);
  locationsTable(doc, r);
  doc.end();
  return done;
}
