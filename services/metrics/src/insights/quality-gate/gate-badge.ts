// The gate's status badge: a flat two-part SVG ("quality gate | passed"), sized by a fixed-width
// estimate of the text (Verdana 11 px averages about 6.5 px a character; the badge is not typeset).

const COLOURS = { passed: '#2e7d32', failed: '#c62828', none: '#757575' } as const;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const width = (s: string) => Math.round(s.length * 6.5) + 12;

/** `status` is the verdict, or `none` when the repository has no finished run judged by a gate. */
export function gateBadgeSvg(status: 'passed' | 'failed' | 'none'): string {
  const label = 'quality gate';
  const text = status === 'none' ? 'no verdict' : status;
  const lw = width(label);
  const tw = width(text);
  const w = lw + tw;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${esc(`${label}: ${text}`)}">
<title>${esc(`${label}: ${text}`)}</title>
<rect width="${lw}" height="20" fill="#555"/>
<rect x="${lw}" width="${tw}" height="20" fill="${COLOURS[status]}"/>
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${esc(label)}</text>
<text x="${lw + tw / 2}" y="14">${esc(text)}</text>
</g>
</svg>
`;
}
