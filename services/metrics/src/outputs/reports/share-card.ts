// The 1200×630 share card (the size social sites expect for a link preview).

import { gradeOf } from '../../shared-types/grade.js';
import { FONT_FAMILY } from './fonts.js';
import { fmtNum, type ReportData, repoLabel } from './report-data.js';
import { clipEnd, esc } from './svg-text.js';
import { svgToPng } from './svg-to-png.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const GRADE_COLOURS: Record<string, string> = {
  A: '#2e9e5b',
  B: '#7cb342',
  C: '#e8b32c',
  D: '#f08c2e',
  F: '#c62828',
  '–': '#6b7280',
};

/** The share card as an SVG document: repository, ref, six KPIs and the grade. */
export function shareCardSvg(d: ReportData): string {
  const s = d.summary;
  const grade = gradeOf(s);
  const kpis: [string, string][] = [
    ['Files', fmtNum(s.files)],
    ['Lines', fmtNum(s.loc)],
    ['Functions', fmtNum(s.functions)],
    ['Avg complexity', fmtNum(s.cc_avg, 2)],
    ['Avg MI', fmtNum(s.mi_avg, 1)],
    ['Pylint', fmtNum(s.pylint_avg, 2)],
  ];
  const name = repoLabel(d.repoUrl);
  const nameSize = name.length > 34 ? 40 : 54;
  const sub = [
    d.ref ? `ref ${d.ref}` : null,
    d.commit ? `commit ${d.commit.slice(0, 10)}` : null,
    d.analysedAt.slice(0, 10),
  ]
    .filter(Boolean)
    .join('  ·  ');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILY}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#172033"/><stop offset="1" stop-color="#24365e"/></linearGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    '<text x="64" y="92" font-size="26" fill="#9fb3d9" letter-spacing="2">CODE METRICS</text>',
    `<text x="64" y="170" font-size="${nameSize}" font-weight="bold" fill="#ffffff">${esc(clipEnd(name, 44))}</text>`,
    `<text x="64" y="218" font-size="24" fill="#c8d3ea">${esc(clipEnd(sub, 70))}</text>`,
  ];
  if (d.gate) {
    const text = `quality gate ${d.gate.status}${d.gate.failures.length ? `: ${d.gate.failures.map((f) => f.split(':')[0]).join(', ')}` : ''}`;
    parts.push(
      `<text x="64" y="258" font-size="22" font-weight="bold" fill="${d.gate.status === 'passed' ? '#7ee2a0' : '#ff8a80'}">${esc(clipEnd(text, 70))}</text>`,
    );
  }
  kpis.forEach(([label, value], i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const x = 64 + col * 260;
    const y = 290 + row * 150;
    parts.push(
      `<rect x="${x}" y="${y}" width="236" height="126" rx="16" fill="#ffffff" fill-opacity="0.08"/>`,
      `<text x="${x + 20}" y="${y + 40}" font-size="22" fill="#9fb3d9">${esc(label)}</text>`,
      `<text x="${x + 20}" y="${y + 98}" font-size="46" font-weight="bold" fill="#ffffff">${esc(value)}</text>`,
    );
  });
  const gx = 920;
  parts.push(
    `<circle cx="${gx + 108}" cy="400" r="120" fill="${GRADE_COLOURS[grade.letter]}"/>`,
    `<text x="${gx + 108}" y="448" font-size="150" font-weight="bold" fill="#ffffff" text-anchor="middle">${grade.letter}</text>`,
    `<text x="${gx + 108}" y="560" font-size="22" fill="#c8d3ea" text-anchor="middle">${grade.parts.length ? `grade · ${fmtNum(grade.score)}/100` : 'no grade'}</text>`,
    `<text x="${gx + 108}" y="230" font-size="20" fill="#9fb3d9" text-anchor="middle">run #${d.id}</text>`,
    '</svg>',
  );
  return parts.join('');
}

/** The share card as a 1200×630 PNG. */
export function renderShareCard(d: ReportData): Buffer {
  return svgToPng(shareCardSvg(d), CARD_WIDTH);
}
