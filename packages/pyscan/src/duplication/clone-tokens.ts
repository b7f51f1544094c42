// Token streams for clone detection, read with pyscan's own raw tokenizer: names, numbers, strings and
// operators, with identifiers and literals normalised so that a copy with renamed variables or changed
// constants still matches; comments, newlines and indentation produce no token at all.
import {
  newState,
  S_NAME,
  S_NUMBER,
  T_COLON,
  T_SEMI,
  T_STRING,
  TokenBuffer,
  tokenizeLine,
} from '../raw-tokenizer.js';

/** Normalised token codes (always > 0; the detector uses negative codes as file separators). */
export const CODE_IDENTIFIER = 1;
export const CODE_NUMBER = 2;
export const CODE_STRING = 3;
const CODE_COLON = 4;
const CODE_SEMI = 5;

// Soft keywords (match, case, type, _) stay identifiers: they are names everywhere else.
const KEYWORDS =
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  );
const OPERATORS =
  '( ) [ ] { } , . = + - * / % @ & | ^ ~ < > ** // << >> <= >= == != -> += -= *= /= %= @= &= |= ^= **= //= <<= >>= := ... !'.split(
    ' ',
  );
const FIXED = new Map<string, number>();
for (const [i, k] of KEYWORDS.entries()) FIXED.set(k, 16 + i);
for (const [i, o] of OPERATORS.entries()) FIXED.set(o, 64 + i);
/** One more than the largest code, for tables indexed by code. */
export const CODE_LIMIT = 64 + OPERATORS.length + 1;

/** The normalised tokens of one file: parallel arrays of codes and 1-based line numbers. */
export interface CloneTokens {
  codes: Int32Array;
  lines: Int32Array;
  /** Last line of the tokens that span lines (multi-line strings), by token index. */
  endLines: Map<number, number>;
  length: number;
}

class CloneTokenBuffer extends TokenBuffer {
  codes = new Int32Array(1024);
  rows = new Int32Array(1024);
  endLines = new Map<number, number>();
  count = 0;
  /** 1-based line of the tokens being read. */
  row = 1;

  private add(code: number, line: number): void {
    if (this.count === this.codes.length) {
      const codes = new Int32Array(this.codes.length * 2);
      codes.set(this.codes);
      this.codes = codes;
      const rows = new Int32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
    }
    this.codes[this.count] = code;
    this.rows[this.count++] = line;
  }

  override push(kind: number, first = 0, last = 0): void {
    if (kind === T_STRING) {
      // The driver passes 0-based absolute rows, so a string's rows are its lines.
      if (last > first) this.endLines.set(this.count, last + 1);
      this.add(CODE_STRING, first + 1);
    } else if (kind === T_COLON) this.add(CODE_COLON, this.row);
    else if (kind === T_SEMI) this.add(CODE_SEMI, this.row);
    // Comments and newlines are not part of the code's shape.
  }

  override other(sub: number, line: string, start: number, end: number): void {
    if (sub === S_NUMBER) this.add(CODE_NUMBER, this.row);
    else if (sub === S_NAME) {
      const kw = end - start <= 8 ? FIXED.get(line.slice(start, end)) : undefined;
      this.add(kw ?? CODE_IDENTIFIER, this.row);
    } else this.add(FIXED.get(line.slice(start, end)) ?? CODE_LIMIT - 1, this.row);
  }
}

/**
 * Reads a file's text into normalised tokens for {@link findClones}. Lines are numbered as editors
 * number them (`\n`, `\r\n` and `\r` end a line). Text that does not tokenize cleanly still gives
 * the tokens that could be read.
 */
export function tokenizeForClones(text: string): CloneTokens {
  const buf = new CloneTokenBuffer();
  const st = newState();
  // One slice per line, its '\n' included (what the tokenizer expects), instead of split-and-concat.
  const src = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let start = 0;
  for (let i = 0; start < src.length || i === 0; i++) {
    const nl = src.indexOf('\n', start);
    const end = nl < 0 ? src.length : nl + 1;
    buf.row = i + 1;
    tokenizeLine(nl < 0 ? `${src.slice(start)}\n` : src.slice(start, end), st, i, buf);
    // An unbalanced closing bracket would leave every later line "inside brackets": start over.
    if (st.parenlev < 0) st.parenlev = 0;
    start = end;
  }
  return { codes: buf.codes, lines: buf.rows, endLines: buf.endLines, length: buf.count };
}
