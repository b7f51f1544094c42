// String scanning for the raw tokenizer, following the string grammar of CPython 3.11's tokenize:
// optional prefix (b, r, u, f and their valid pairs, any case), then ', ", ''' or """.

// The state both this file and the tokenizer read and write; it lives here, below the tokenizer, so the
// tokenizer imports the scanners and nothing here imports the tokenizer.
/** Tokenizer state carried from one line to the next. */
export interface TokState {
  parenlev: number;
  continued: boolean;
  /** 0: not in a string; 1: inside a backslash-continued ' or " string; 2: inside a triple-quoted string. */
  cont: number;
  quote: number;
  strRow: number;
  error: boolean;
  /** Deepest bracket nesting seen. */
  maxParen: number;
  /** A Python 2 number literal was seen (0777 or 10L). */
  legacyNumber: boolean;
}

const NL = 10;
const BACKSLASH = 92;
const SQ = 39;
const DQ = 34;

function isPrefix(s: string): boolean {
  switch (s.toLowerCase()) {
    case 'b':
    case 'r':
    case 'u':
    case 'f':
    case 'br':
    case 'rb':
    case 'fr':
    case 'rf':
      return true;
    default:
      return false;
  }
}

/** Offset of the opening quote of a string starting at pos (after an optional prefix), or -1. */
export function quoteAt(line: string, pos: number): number {
  const c0 = line.charCodeAt(pos);
  if (c0 === SQ || c0 === DQ) return pos;
  const c1 = line.charCodeAt(pos + 1);
  if ((c1 === SQ || c1 === DQ) && isPrefix(line[pos] ?? '')) return pos + 1;
  const c2 = line.charCodeAt(pos + 2);
  if ((c2 === SQ || c2 === DQ) && isPrefix(line.slice(pos, pos + 2))) return pos + 2;
  return -1;
}

/** End offset of a triple-quoted string's closing quotes, scanning from `from`, or -1. */
export function scanTriple(line: string, from: number, q: number): number {
  const max = line.length;
  let i = from;
  while (i < max) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) {
      if (i + 1 < max && line.charCodeAt(i + 1) !== NL) i += 2;
      else return -1;
    } else if (c === q && line.charCodeAt(i + 1) === q && line.charCodeAt(i + 2) === q) {
      return i + 3;
    } else {
      i++;
    }
  }
  return -1;
}

/** End offset of a continued single-quoted string on its next line, or -1. */
export function scanSingleTail(line: string, q: number): number {
  const max = line.length;
  let i = 0;
  while (i < max) {
    const c = line.charCodeAt(i);
    if (c === q) return i + 1;
    if (c === BACKSLASH) {
      if (i + 1 < max && line.charCodeAt(i + 1) !== NL) i += 2;
      else return -1;
    } else {
      i++;
    }
  }
  return -1;
}

/** Scans a ' or " string: end offset when closed on this line, 0 when continued by a backslash, -1 on error. */
export function scanQuoted(line: string, qpos: number, st: TokState, row: number): number {
  const q = line.charCodeAt(qpos);
  const max = line.length;
  let i = qpos + 1;
  while (i < max) {
    const c = line.charCodeAt(i);
    if (c === q) return i + 1;
    if (c === NL) return -1;
    if (c === BACKSLASH) {
      const n = line.charCodeAt(i + 1);
      if (n === NL) {
        st.cont = 1;
        st.quote = q;
        st.strRow = row;
        return 0;
      }
      if (i + 1 >= max) return -1;
      i += 2;
    } else {
      i++;
    }
  }
  return -1;
}
