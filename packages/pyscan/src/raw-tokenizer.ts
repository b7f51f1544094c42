// A line-at-a-time model of CPython 3.11's pure-Python `tokenize` module, reduced to what radon's
// raw counts look at: comments, strings (with the rows they span), ':' and ';' operators, and
// whether tokenizing a buffer would fail (TokenError) or produce an ERRORTOKEN.
import { quoteAt, scanQuoted, scanSingleTail, scanTriple, type TokState } from './raw-strings.js';

/** Token kinds the raw counter distinguishes. */
export const T_COMMENT = 1;
export const T_STRING = 2;
export const T_NL = 3;
export const T_COLON = 4;
export const T_SEMI = 5;
export const T_OTHER = 6;

/** What a T_OTHER token is, for buffers that look closer (the clone detector). */
export const S_NAME = 1;
export const S_NUMBER = 2;
export const S_OP = 3;

/** Tokens of one group of lines, as parallel arrays (strings carry their first and last row). */
export class TokenBuffer {
  kinds: number[] = [];
  firstRow: number[] = [];
  lastRow: number[] = [];
  length = 0;

  /** Appends a token. */
  push(kind: number, first = 0, last = 0): void {
    const n = this.length++;
    this.kinds[n] = kind;
    this.firstRow[n] = first;
    this.lastRow[n] = last;
  }

  /**
   * Appends a name, number or operator token; `line.slice(start, end)` is its text. The raw
   * counts only need its kind; a subclass may read the text.
   */
  other(_sub: number, _line: string, _start: number, _end: number): void {
    this.push(T_OTHER);
  }
}

/** Resets a tokenizer state in place (between line groups). */
export function resetState(st: TokState): void {
  st.parenlev = 0;
  st.continued = false;
  st.cont = 0;
  st.quote = 0;
  st.strRow = 0;
  st.error = false;
  st.maxParen = 0;
  st.legacyNumber = false;
}

/** A fresh tokenizer state. */
export function newState(): TokState {
  return {
    parenlev: 0,
    continued: false,
    cont: 0,
    quote: 0,
    strRow: 0,
    error: false,
    maxParen: 0,
    legacyNumber: false,
  };
}

const NL = 10;
const BACKSLASH = 92;

// Number literal grammar of Python 3.11 (ordered alternatives, as tokenize.py tries them).
const D = '[0-9](?:_?[0-9])*';
const EXP = `[eE][-+]?${D}`;
const POINT = `(?:${D}\\.(?:${D})?|\\.${D})(?:${EXP})?`;
const FLOAT = `(?:${POINT}|${D}${EXP})`;
const INT = `(?:0[xX](?:_?[0-9a-fA-F])+|0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0(?:_?0)*|[1-9](?:_?[0-9])*)`;
const NUMBER = new RegExp(`(?:${D}[jJ]|${FLOAT}[jJ]|${FLOAT}|${INT})`, 'y');
const NAME = /[\p{L}\p{N}_]+/uy;

const OPS3 = new Set(['**=', '...', '//=', '<<=', '>>=']);
const OPS2 = new Set([
  '!=',
  '%=',
  '&=',
  '**',
  '*=',
  '+=',
  '-=',
  '->',
  '//',
  '/=',
  ':=',
  '<<',
  '<=',
  '==',
  '>=',
  '>>',
  '@=',
  '^=',
  '|=',
]);
const OPS1 = '%&()*+,-./:;<=>@[]^{|}~';

/**
 * Tokenizes one line (with its trailing '\n' when more lines follow in the buffer), appending
 * tokens to `out` and updating `st`; `row` is the line's index within its group.
 */
export function tokenizeLine(line: string, st: TokState, row: number, out: TokenBuffer): void {
  const max = line.length;
  let pos = 0;
  if (st.cont !== 0) {
    const end = st.cont === 2 ? scanTriple(line, 0, st.quote) : scanSingleTail(line, st.quote);
    if (end >= 0) {
      out.push(T_STRING, st.strRow, row);
      st.cont = 0;
      pos = end;
    } else if (st.cont === 1 && !line.endsWith('\\\n')) {
      st.error = true;
      st.cont = 0;
      return;
    } else {
      return;
    }
  } else if (st.parenlev === 0 && !st.continued) {
    if (max === 0) return;
    while (pos < max) {
      const c = line.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 12) pos++;
      else break;
    }
    if (pos === max) return;
    const c = line.charCodeAt(pos);
    if (c === 35) {
      out.push(T_COMMENT);
      out.push(T_NL);
      return;
    }
    if (c === NL || c === 13) {
      out.push(T_NL);
      return;
    }
  } else {
    if (max === 0) return;
    st.continued = false;
  }

  while (pos < max) {
    let c = line.charCodeAt(pos);
    while (c === 32 || c === 9 || c === 12) c = line.charCodeAt(++pos);
    if (pos >= max) break;
    if (c === BACKSLASH) {
      if (line.charCodeAt(pos + 1) === NL) {
        st.continued = true;
        pos += 2;
      } else {
        st.error = true;
        pos++;
      }
      continue;
    }
    if (c === 35) {
      out.push(T_COMMENT);
      const nl = line.indexOf('\n', pos);
      pos = nl < 0 ? max : nl;
      continue;
    }
    const qpos = quoteAt(line, pos);
    if (qpos >= 0) {
      const q = line.charCodeAt(qpos);
      if (line.charCodeAt(qpos + 1) === q && line.charCodeAt(qpos + 2) === q) {
        const end = scanTriple(line, qpos + 3, q);
        if (end >= 0) {
          out.push(T_STRING, row, row);
          pos = end;
          continue;
        }
        st.cont = 2;
        st.quote = q;
        st.strRow = row;
        return;
      }
    }
    if (
      (c >= 48 && c <= 57) ||
      (c === 46 && line.charCodeAt(pos + 1) >= 48 && line.charCodeAt(pos + 1) <= 57)
    ) {
      NUMBER.lastIndex = pos;
      if (NUMBER.test(line)) {
        const end = NUMBER.lastIndex;
        out.other(S_NUMBER, line, pos, end);
        const next = line.charCodeAt(end);
        // Python 3 reads 0777 as 0 then 777, and 10L as 10 then L: both are Python 2 literals.
        if ((c === 48 && next >= 48 && next <= 57) || ((next === 76 || next === 108) && c !== 46)) {
          const after = line.charCodeAt(end + 1);
          if (next !== 76 && next !== 108) st.legacyNumber = true;
          else if (!(after >= 48 && after <= 57) && !/[\p{L}\p{N}_]/u.test(line[end + 1] ?? ''))
            st.legacyNumber = true;
        }
        pos = end;
        continue;
      }
    }
    if (c === NL) {
      out.push(T_NL);
      pos++;
      continue;
    }
    const op = matchOperator(line, pos);
    if (op > 0) {
      if (op === 1) {
        if (c === 40 || c === 91 || c === 123) {
          if (++st.parenlev > st.maxParen) st.maxParen = st.parenlev;
        } else if (c === 41 || c === 93 || c === 125) st.parenlev--;
      }
      if (op === 1 && c === 58) out.push(T_COLON);
      else if (op === 1 && c === 59) out.push(T_SEMI);
      else out.other(S_OP, line, pos, pos + op);
      pos += op;
      continue;
    }
    if (qpos >= 0) {
      const r = scanQuoted(line, qpos, st, row);
      if (r > 0) {
        out.push(T_STRING, row, row);
        pos = r;
        continue;
      }
      if (r === 0) return;
      st.error = true;
      pos = qpos + 1;
      continue;
    }
    NAME.lastIndex = pos;
    if (NAME.test(line)) {
      out.other(S_NAME, line, pos, NAME.lastIndex);
      pos = NAME.lastIndex;
      continue;
    }
    st.error = true;
    pos++;
  }
}

// Characters that can start an operator; anything else skips the substring lookups.
const OP_START = new Uint8Array(128);
for (const ch of OPS1) OP_START[ch.charCodeAt(0)] = 1;
OP_START[33] = 1; // '!' of '!='

function matchOperator(line: string, pos: number): number {
  const c = line.charCodeAt(pos);
  if (c >= 128 || OP_START[c] !== 1) return 0;
  const n1 = line.charCodeAt(pos + 1);
  if (n1 === 61 || n1 === 42 || n1 === 47 || n1 === 60 || n1 === 62 || n1 === 46 || n1 === 45) {
    if (OPS3.has(line.slice(pos, pos + 3))) return 3;
    if (OPS2.has(line.slice(pos, pos + 2))) return 2;
  }
  return c === 33 ? 0 : 1;
}
