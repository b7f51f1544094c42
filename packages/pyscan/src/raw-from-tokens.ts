// radon's raw counts (raw.ts describes them) read off the fast tokenizer's tokens in one pass,
// instead of tokenizing every group of stripped lines a second time. On a file the fast tokenizer
// accepts, radon's groups are the rows its line breaks join (inside brackets and strings, after a
// backslash), its COMMENT tokens are the rows commentRows lists, and an f-string is one STRING.
// What would make the two views differ returns null (the caller then runs raw.ts): line breaks
// that str.splitlines() knows and the tokenizer does not (a form feed anywhere but on a line of its
// own), whitespace str.strip() removes and the tokenizer does not, and what the tokenizer flags
// (Tokens.rawUnsafe).

import type { Tokens } from './fast-parse/lexer.js';
import * as T from './fast-parse/tokens.js';
import type { RawMetrics } from './raw.js';

// Python line breaks and whitespace other than \n, space, tab and form feed (\r is normalised away).
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are the control characters looked for
const ODD_SPACE = /[\v\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

const ODD_ASCII = ['\v', '\x1c', '\x1d', '\x1e', '\x1f'];

function oddSpace(src: string, ascii: boolean): boolean {
  if (!ascii) return ODD_SPACE.test(src);
  for (const c of ODD_ASCII) if (src.indexOf(c) >= 0) return true;
  return false;
}

/** The deepest bracket nesting the fast path measures itself (deeper files take the other path). */
const MAX_DEPTH = 150;

/**
 * radon's raw metrics from the tokens of `src`, or null when raw.ts must count them. `ascii`: the
 * text is known to be ASCII (only its control characters need looking for, which indexOf does
 * several times faster than the regular expression).
 */
export function rawFromTokens(src: string, toks: Tokens, ascii = false): RawMetrics | null {
  if (toks.rawUnsafe || toks.maxDepth > MAX_DEPTH || oddSpace(src, ascii)) return null;
  const lineStarts = toks.lineStarts;
  const m: RawMetrics = {
    loc: 0,
    lloc: 0,
    sloc: 0,
    comments: 0,
    multi: 0,
    blank: 0,
    single_comments: 0,
    tokenizeFailed: false,
    maxBracketDepth: toks.maxDepth,
    legacyNumber: false,
  };
  const len = src.length;
  // str.splitlines() makes no empty last line after a final line break.
  const rows = len === 0 ? 0 : src.charCodeAt(len - 1) === 10 ? lineStarts.length - 1 : lineStarts.length;
  const { kind, row: trow, commentRows, joinedRows } = toks;
  const count = toks.count;
  let t = 0;
  let ci = 0;
  let ji = 0;
  for (let r = 0; r < rows; r++) {
    const first = r;
    while (ji < joinedRows.length && joinedRows[ji] === r) {
      ji++;
      r++;
    }
    // A group still open at the end of the file: radon fails on it (raw.ts says how).
    if (r >= rows) return null;
    let comments = 0;
    while (ci < commentRows.length && (commentRows[ci] ?? 0) <= r) {
      ci++;
      comments++;
    }
    // The group's tokens as radon's tokenizer has them: how many, whether the only one is a
    // string (and the rows it spans), and its logical lines (statements split at ';', where a ':'
    // that is not last counts twice; a part before ';' has no ENDMARKER, so "last" is one further).
    let real = 0;
    let strFirst = -1;
    let strLastRow = -1;
    let sub = 0;
    let colon = -1;
    while (t < count && (trow[t] ?? 0) <= r) {
      const k = kind[t] ?? 0;
      if (k === T.NEWLINE || k === T.INDENT || k === T.DEDENT || k === T.EOF) {
        t++;
        continue;
      }
      if (k === T.SEMI) {
        m.lloc += colon >= 0 ? 2 - (colon === sub - 2 ? 1 : 0) : sub > 0 ? 1 : 0;
        sub = 0;
        colon = -1;
        real++;
        t++;
        continue;
      }
      if (k === T.COLON) colon = sub;
      if (real === 0 && (k === T.STRING || k === T.FSTART)) strFirst = t;
      if (k === T.FSTART) {
        let depth = 1;
        t++;
        while (depth > 0 && t < count) {
          const f = kind[t];
          if (f === T.FSTART) depth++;
          else if (f === T.FEND) depth--;
          t++;
        }
        strLastRow = trow[t - 1] ?? 0;
      } else {
        t++;
      }
      sub++;
      real++;
    }
    m.lloc += colon >= 0 ? 2 - (colon === sub - 1 ? 1 : 0) : sub > 0 ? 1 : 0;
    m.comments += comments;
    if (real === 0 && comments === 1) {
      m.single_comments++;
      continue;
    }
    // Rows without a token or comment are blank, unless a string or bracket spans them.
    const empty = real === 0 && comments === 0 && first === r ? 1 : emptyRows(src, lineStarts, first, r);
    if (real === 1 && comments === 0 && strFirst >= 0) {
      const startRow = trow[strFirst] ?? 0;
      const endRow = kind[strFirst] === T.STRING ? startRow + newlines(src, toks, strFirst) : strLastRow;
      if (startRow === endRow) {
        m.single_comments++;
      } else {
        m.multi += r - first + 1 - empty;
        m.blank += empty;
      }
    } else {
      m.sloc += r - first + 1 - empty;
      m.blank += empty;
    }
  }
  const extra = formFeedLines(src, lineStarts, joinedRows);
  if (extra < 0) return null;
  m.blank += extra;
  m.loc = m.sloc + m.blank + m.multi + m.single_comments;
  return m;
}

function newlines(src: string, toks: Tokens, t: number): number {
  let n = 0;
  const end = toks.end[t] ?? 0;
  for (let i = src.indexOf('\n', toks.start[t] ?? 0); i >= 0 && i < end; i = src.indexOf('\n', i + 1)) n++;
  return n;
}

/** Rows first..last holding only spaces, tabs and form feeds. */
function emptyRows(src: string, lineStarts: Int32Array, first: number, last: number): number {
  let empty = 0;
  for (let r = first; r <= last; r++) {
    let i = lineStarts[r] ?? 0;
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === 32 || c === 9 || c === 12) i++;
      else {
        if (c === 10 || Number.isNaN(c)) empty++;
        break;
      }
    }
  }
  return empty;
}

/**
 * str.splitlines() also breaks at a form feed: a blank line holding k of them is k + 1 blank lines
 * for radon (k at the very end of the text). Returns those extra lines, or -1 when a form feed sits anywhere else (a line with
 * code, a string, a group of several lines).
 */
function formFeedLines(src: string, lineStarts: Int32Array, joinedRows: number[]): number {
  let extra = 0;
  for (let i = src.indexOf('\f'); i >= 0; i = src.indexOf('\f', i + 1)) {
    const r = rowOf(lineStarts, i);
    const start = lineStarts[r] ?? 0;
    for (let j = start; ; j++) {
      const c = src.charCodeAt(j);
      if (c === 10 || Number.isNaN(c)) break;
      if (c !== 32 && c !== 9 && c !== 12) return -1;
    }
    if (joinedRows.includes(r) || joinedRows.includes(r - 1)) return -1;
    // The text after a form feed is a line, unless nothing follows it at all.
    if (i + 1 < src.length) extra++;
  }
  return extra;
}

function rowOf(lineStarts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
