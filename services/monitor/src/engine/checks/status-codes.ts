/**
 * The `expected_status_codes` grammar: items separated by `,` or `|` (spaces around them allowed), each
 * an exact code `200`, a class `2xx`, a range `200-299`, or any of these negated with `!` (`!503`, `!5xx`).
 * Codes are 100…599. A status matches when it matches some positive item (or there is none) and no
 * negated item.
 */

/** An inclusive span of status codes. */
export interface CodeRange {
  from: number;
  to: number;
}

/** A parsed `expected_status_codes`; `text` is the canonical form used in messages. */
export interface StatusMatcher {
  text: string;
  include: CodeRange[];
  exclude: CodeRange[];
}

export type ParseStatusCodesResult = { ok: true; matcher: StatusMatcher } | { ok: false; message: string };

const HINT = 'expected a code (200), a class (2xx), a range (200-299) or a negation (!503, !5xx)';

/** Parses the grammar above; a failure carries a sentence fit for a 422. */
export function parseStatusCodes(text: string): ParseStatusCodesResult {
  if (text.trim() === '') return { ok: false, message: `the list is empty: ${HINT}` };
  const include: CodeRange[] = [];
  const exclude: CodeRange[] = [];
  const canonical: string[] = [];
  const items = text.split(/[,|]/);
  for (const [index, raw] of items.entries()) {
    const item = raw.trim();
    const where = `item ${index + 1}`;
    if (item === '') return { ok: false, message: `${where} is empty (a stray "," or "|"?)` };
    const negated = item.startsWith('!');
    const body = negated ? item.slice(1).trim() : item;
    if (negated && body === '')
      return { ok: false, message: `${where} "!" negates nothing: write !503 or !5xx` };
    const range = parseItem(body);
    if (typeof range === 'string') return { ok: false, message: `${where} "${item}" ${range}` };
    (negated ? exclude : include).push(range);
    canonical.push((negated ? '!' : '') + body.toLowerCase());
  }
  return { ok: true, matcher: { text: canonical.join(','), include, exclude } };
}

/** True when `code` satisfies the matcher. */
export function matchStatus(matcher: StatusMatcher, code: number): boolean {
  if (matcher.exclude.some((r) => code >= r.from && code <= r.to)) return false;
  return matcher.include.length === 0 || matcher.include.some((r) => code >= r.from && code <= r.to);
}

// Returns the range an item stands for, or the tail of an error sentence.
function parseItem(body: string): CodeRange | string {
  if (/^\d+$/.test(body)) {
    const code = Number(body);
    return isCode(code) ? { from: code, to: code } : 'is not a status code: codes are 100 to 599';
  }
  const cls = /^(\d)xx$/i.exec(body);
  if (cls) {
    const digit = Number(cls[1]);
    if (digit < 1 || digit > 5) return 'is not a status class: classes are 1xx to 5xx';
    return { from: digit * 100, to: digit * 100 + 99 };
  }
  const range = /^(\d*)\s*-\s*(\d*)$/.exec(body);
  if (range) {
    const [, start = '', end = ''] = range;
    if (start === '') return 'is missing the start of its range (e.g. 200-299)';
    if (end === '') return 'is missing the end of its range (e.g. 200-299)';
    const from = Number(start);
    const to = Number(end);
    if (!isCode(from) || !isCode(to)) return 'has a range bound outside 100 to 599';
    if (from > to) return 'is reversed: a range starts at its lower code (e.g. 200-299)';
    return { from, to };
  }
  return `is not valid: ${HINT}`;
}

function isCode(n: number): boolean {
  return Number.isInteger(n) && n >= 100 && n <= 599;
}
