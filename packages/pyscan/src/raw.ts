// Raw line counts with radon's definitions (radon.raw.analyze):
// the source is split with str.splitlines(), every line is stripped, and consecutive lines are
// grouped until the group tokenizes cleanly (a multi-line string or bracketed statement spans a
// group). A group that is one lone comment counts as a single comment; one lone string counts
// as a single comment when it sits on one line, otherwise as `multi` lines; anything else counts
// its non-empty lines as sloc. lloc counts statements split by ';', where a ':' that is not the
// last token of a statement (a one-line `if x: y`, but also a slice or a dict) counts twice.
import { pySplitLines, pyStrip } from './py-text.js';
import type { TokState } from './raw-strings.js';
import {
  newState,
  resetState,
  T_COLON,
  T_COMMENT,
  T_NL,
  T_SEMI,
  T_STRING,
  TokenBuffer,
  tokenizeLine,
} from './raw-tokenizer.js';

/** radon's raw metrics for one file. */
export interface RawMetrics {
  loc: number;
  lloc: number;
  sloc: number;
  comments: number;
  multi: number;
  blank: number;
  single_comments: number;
  /** True when radon itself would fail (an unterminated token runs to the end of the file). */
  tokenizeFailed: boolean;
  /** Deepest nesting of brackets. */
  maxBracketDepth: number;
  /** A Python 2 number literal (0777, 10L) occurs. */
  legacyNumber: boolean;
}

function isClean(st: TokState): boolean {
  return !st.error && st.cont === 0 && st.parenlev === 0 && !st.continued;
}

function logicalLines(toks: TokenBuffer): number {
  let lloc = 0;
  let len = 0;
  let lastColon = -1;
  for (let k = 0; k < toks.length; k++) {
    const kind = toks.kinds[k];
    if (kind === T_COMMENT || kind === T_NL) continue;
    if (kind === T_SEMI) {
      // A statement before ';' has no ENDMARKER, so radon's "colon is last" test looks one token further left.
      lloc += lastColon >= 0 ? 2 - (lastColon === len - 2 ? 1 : 0) : len > 0 ? 1 : 0;
      len = 0;
      lastColon = -1;
      continue;
    }
    if (kind === T_COLON) lastColon = len;
    len++;
  }
  lloc += lastColon >= 0 ? 2 - (lastColon === len - 1 ? 1 : 0) : len > 0 ? 1 : 0;
  return lloc;
}

function restIsTrivial(toks: TokenBuffer): boolean {
  for (let k = 1; k < toks.length; k++) if (toks.kinds[k] !== T_NL) return false;
  return true;
}

/** Computes radon's raw metrics (loc, lloc, sloc, comments, multi, blank, single_comments). */
export function rawMetrics(text: string): RawMetrics {
  const lines = pySplitLines(text).map(pyStrip);
  const m: RawMetrics = {
    loc: 0,
    lloc: 0,
    sloc: 0,
    comments: 0,
    multi: 0,
    blank: 0,
    single_comments: 0,
    tokenizeFailed: false,
    maxBracketDepth: 0,
    legacyNumber: false,
  };
  const toks = new TokenBuffer();
  const st = newState();
  const snap = newState();
  let i = 0;
  while (i < lines.length) {
    const start = i;
    toks.length = 0;
    resetState(st);
    for (;;) {
      const line = lines[i] ?? '';
      Object.assign(snap, st);
      const mark = toks.length;
      tokenizeLine(line, st, i - start, toks);
      if (isClean(st)) break;
      if (i + 1 >= lines.length) {
        m.tokenizeFailed = true;
        break;
      }
      Object.assign(st, snap);
      toks.length = mark;
      tokenizeLine(`${line}\n`, st, i - start, toks);
      i++;
    }
    if (st.maxParen > m.maxBracketDepth) m.maxBracketDepth = st.maxParen;
    if (st.legacyNumber) m.legacyNumber = true;
    countGroup(m, toks, lines, start, i);
    i++;
  }
  m.loc = m.sloc + m.blank + m.multi + m.single_comments;
  return m;
}

function countGroup(m: RawMetrics, toks: TokenBuffer, lines: string[], start: number, last: number): void {
  let nonEmpty = 0;
  for (let k = start; k <= last; k++) if (lines[k] !== '') nonEmpty++;
  const empty = last - start + 1 - nonEmpty;
  for (let k = 0; k < toks.length; k++) if (toks.kinds[k] === T_COMMENT) m.comments++;
  const first = toks.length > 0 ? toks.kinds[0] : 0;
  if (first === T_COMMENT && restIsTrivial(toks)) {
    m.single_comments++;
  } else if (first === T_STRING && restIsTrivial(toks)) {
    if (toks.firstRow[0] === toks.lastRow[0]) {
      m.single_comments++;
    } else {
      m.multi += nonEmpty;
      m.blank += empty;
    }
  } else {
    m.sloc += nonEmpty;
    m.blank += empty;
  }
  m.lloc += logicalLines(toks);
}
