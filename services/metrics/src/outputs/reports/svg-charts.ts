// Charts as standalone SVG documents (fixed light colours, the bundled font), for the PDF report.
import { badness, heatColour, RANK_COLOURS } from '../../shared-types/colour.js';
import { niceTicks } from '../../shared-types/ticks.js';
import { treemapLayout } from '../../shared-types/treemap-layout.js';
import { FONT_FAMILY } from './fonts.js';
import { fmtNum, type ReportFile, type ReportSummary } from './report-data.js';
import { clipEnd, clipStart, esc } from './svg-text.js';

const open = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT_FAMILY}"><rect width="${w}" height="${h}" fill="#ffffff"/>`;

/** Treemap of folders and files: area by lines, colour by maximum complexity. */
export function treemapSvg(files: ReportFile[], w = 1000, h = 620): string {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const parts = [open(w, h)];
  for (const c of treemapLayout(files, w, h, 16)) {
    const cw = c.x1 - c.x0;
    const ch = c.y1 - c.y0;
    if (!c.leaf) {
      parts.push(
        `<rect x="${c.x0}" y="${c.y0}" width="${cw}" height="${ch}" fill="#f1f3f6" stroke="#c9ced8"/>`,
      );
      if (ch > 48 && cw > 40) {
        parts.push(
          `<text x="${c.x0 + 3}" y="${c.y0 + 12}" font-size="11" font-weight="bold" fill="#555d6b">${esc(clipEnd(c.name, cw / 7))}</text>`,
        );
      }
      continue;
    }
    const f = byPath.get(c.path);
    const fill = heatColour(badness('cc_max', f?.cc_max ?? null));
    parts.push(
      `<rect x="${c.x0}" y="${c.y0}" width="${cw}" height="${ch}" fill="${fill}" stroke="#ffffff" stroke-width="0.6"/>`,
    );
    if (cw > 56 && ch > 18) {
      parts.push(
        `<text x="${c.x0 + 3}" y="${c.y0 + 13}" font-size="11" fill="#ffffff">${esc(clipEnd(c.name, cw / 7))}</text>`,
      );
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Complexity (total per file) against revisions when history is on, else against lines. */
export function scatterSvg(files: ReportFile[], history: boolean, w = 1000, h = 560): string {
  const P = { l: 70, r: 24, t: 20, b: 56 };
  const xOf = (f: ReportFile) => (history ? f.revisions : f.loc);
  const pts = files
    .map((f) => ({ f, x: xOf(f), y: f.cc_total }))
    .filter((p): p is { f: ReportFile; x: number; y: number } => p.x !== null && p.y !== null);
  const xTicks = niceTicks(Math.max(1, ...pts.map((p) => p.x)));
  const yTicks = niceTicks(Math.max(1, ...pts.map((p) => p.y)));
  const maxX = xTicks.at(-1) ?? 1;
  const maxY = yTicks.at(-1) ?? 1;
  const sx = (v: number) => P.l + ((w - P.l - P.r) * v) / maxX;
  const sy = (v: number) => h - P.b - ((h - P.t - P.b) * v) / maxY;
  const parts = [open(w, h)];
  for (const xv of xTicks) {
    parts.push(
      `<line x1="${sx(xv)}" x2="${sx(xv)}" y1="${P.t}" y2="${h - P.b}" stroke="#e3e6eb"/>`,
      `<text x="${sx(xv)}" y="${h - P.b + 18}" font-size="13" text-anchor="middle" fill="#555d6b">${fmtNum(xv, xv % 1 ? 1 : 0)}</text>`,
    );
  }
  for (const yv of yTicks) {
    parts.push(
      `<line x1="${P.l}" x2="${w - P.r}" y1="${sy(yv)}" y2="${sy(yv)}" stroke="#e3e6eb"/>`,
      `<text x="${P.l - 8}" y="${sy(yv) + 4}" font-size="13" text-anchor="end" fill="#555d6b">${fmtNum(yv, yv % 1 ? 1 : 0)}</text>`,
    );
  }
  parts.push(
    `<text x="${(w + P.l) / 2}" y="${h - 12}" font-size="14" text-anchor="middle" fill="#1d2330">${history ? 'revisions' : 'lines of code'}</text>`,
    `<text x="18" y="${(h - P.b) / 2}" font-size="14" text-anchor="middle" fill="#1d2330" transform="rotate(-90 18 ${(h - P.b) / 2})">total complexity</text>`,
  );
  const ranked = [...pts].sort((a, b) => b.x / maxX + b.y / maxY - (a.x / maxX + a.y / maxY));
  for (const p of pts) {
    parts.push(
      `<circle cx="${sx(p.x)}" cy="${sy(p.y)}" r="5" fill="#2f5fd0" fill-opacity="0.55" stroke="#ffffff"/>`,
    );
  }
  // Name the five hotspots in the top right, nudging labels apart so none covers another.
  const placed: { x0: number; x1: number; y: number }[] = [];
  for (const p of ranked.slice(0, 5)) {
    const label = clipStart(p.f.path, 40);
    const anchor = sx(p.x) > w * 0.7 ? 'end' : 'start';
    const lw = label.length * 7;
    const x0 = anchor === 'end' ? sx(p.x) - 8 - lw : sx(p.x) + 8;
    let y = sy(p.y) - 8;
    while (placed.some((b) => Math.abs(b.y - y) < 15 && x0 < b.x1 && x0 + lw > b.x0)) y += 15;
    placed.push({ x0, x1: x0 + lw, y });
    parts.push(
      `<circle cx="${sx(p.x)}" cy="${sy(p.y)}" r="6" fill="#d6453d"/>`,
      `<text x="${x0}" y="${y}" font-size="12" fill="#1d2330">${esc(label)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Horizontal bars of the cc rank counts A–F. */
export function rankBarsSvg(s: ReportSummary, w = 1000, h = 300): string {
  const ranks = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
  const counts = ranks.map(
    (r) => (s[`cc_rank_${r.toLowerCase()}` as keyof ReportSummary] as number | null) ?? 0,
  );
  const max = Math.max(1, ...counts);
  const rowH = (h - 20) / ranks.length;
  const parts = [open(w, h)];
  ranks.forEach((r, i) => {
    const y = 10 + i * rowH;
    const bw = ((w - 160) * (counts[i] ?? 0)) / max;
    parts.push(
      `<text x="20" y="${y + rowH * 0.65}" font-size="${rowH * 0.5}" font-weight="bold" fill="#1d2330">${r}</text>`,
      `<rect x="60" y="${y + rowH * 0.15}" width="${Math.max(2, bw)}" height="${rowH * 0.7}" rx="4" fill="${RANK_COLOURS[r]}"/>`,
      `<text x="${70 + bw}" y="${y + rowH * 0.65}" font-size="${rowH * 0.42}" fill="#1d2330">${fmtNum(counts[i])}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
