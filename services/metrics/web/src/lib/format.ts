// Building a formatter per call costs far more than formatting: a 10,000-file treemap felt it.
const formatters = new Map<number, Intl.NumberFormat>();

/** A number for display: thousands separated, `digits` decimals, an en dash when missing. */
export function fmt(v: number | null | undefined, digits = 0): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  let f = formatters.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(digits, f);
  }
  return f.format(v);
}

/** A date-time in the viewer's locale, short. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `owner/repo` of a GitHub URL. */
export function repoName(url: string): string {
  return url.replace(/^https:\/\/github\.com\//i, '').replace(/(\.git|\/)$/, '');
}

/** A colour on a green → amber → red scale for t in [0, 1]. */
export function heat(t: number): string {
  const c = Math.max(0, Math.min(1, t));
  const hue = 130 - 130 * c;
  return `hsl(${hue.toFixed(0)} 65% 45%)`;
}

/** `n word` or `n words`, the number formatted. */
export const count = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;
