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

/**
 * `part` of `whole` as a whole percentage for display, never rounding a non-zero share to "0" or a
 * partial one to "100": those read as none and all. The caller adds the `%`.
 */
export function share(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const p = (100 * part) / whole;
  if (p > 0 && p < 0.5) return '<1';
  if (p < 100 && p >= 99.5) return '>99';
  return fmt(p);
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
