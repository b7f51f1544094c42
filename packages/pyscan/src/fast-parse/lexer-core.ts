// The state and output of the fast parser's tokenizer (lexer.ts): the typed arrays shared between
// files (grown, never shrunk), the row bookkeeping radon's raw counts need, and how a token is
// emitted. Split into three classes only to keep files small: one object, one shape at run time.

/** Tokens of one file; the arrays are shared between files (valid until the next tokenize). */
export interface Tokens {
  count: number;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
  /**
   * What radon's raw counts need besides the tokens (raw-from-tokens.ts): the row of every
   * comment, and every row whose line break lies inside a bracket, a string or after a backslash
   * (the line and the next one are one group), both ascending.
   */
  commentRows: number[];
  joinedRows: number[];
  /** Offset where each line starts (what tree.ts's lineStartsOf computes). */
  lineStarts: Int32Array;
  /** Deepest bracket nesting. */
  maxDepth: number;
  /**
   * Something radon's raw counts read differently from these tokens: a name with characters
   * outside ASCII (CPython's tokenize module takes some of them for error tokens), or a backslash
   * continuation into a blank line (radon's group of stripped lines then runs on to the next line).
   */
  rawUnsafe: boolean;
}

let cap = 0;
let kind = new Uint8Array(0);
let starts = new Int32Array(0);
let ends = new Int32Array(0);
let rows = new Int32Array(0);
let lineBuf = new Int32Array(0);
export const commentRows: number[] = [];
export const joinedRows: number[] = [];

function ensure(n: number): void {
  if (n <= cap) return;
  cap = Math.max(n, cap * 2, 4096);
  kind = new Uint8Array(cap);
  starts = new Int32Array(cap);
  ends = new Int32Array(cap);
  rows = new Int32Array(cap);
  lineBuf = new Int32Array(cap);
}

export abstract class LexerCore {
  src: string;
  n: number;
  pos = 0;
  row = 0;
  count = 0;
  depth = 0;
  maxDepth = 0;
  rawUnsafe = false;

  constructor(src: string) {
    this.src = src;
    this.n = src.length;
    ensure(src.length + 64);
    lineBuf[0] = 0;
    commentRows.length = 0;
    joinedRows.length = 0;
  }

  /** Moves on to the next row, which starts at offset `start`. */
  nextRow(start: number): void {
    lineBuf[++this.row] = start;
  }

  /** The line break ending the current row is inside a group of lines radon tokenizes together. */
  join(): void {
    joinedRows.push(this.row);
  }

  emit(k: number, s: number, e: number, r: number): void {
    const i = this.count++;
    if (i >= cap) {
      const old = { kind, starts, ends, rows, lineBuf };
      cap = 0;
      ensure(i * 2);
      kind.set(old.kind);
      starts.set(old.starts);
      ends.set(old.ends);
      rows.set(old.rows);
      lineBuf.set(old.lineBuf);
    }
    kind[i] = k;
    starts[i] = s;
    ends[i] = e;
    rows[i] = r;
  }

  /** The tokens of the file, once it is lexed. */
  tokens(): Tokens {
    return {
      count: this.count,
      kind,
      start: starts,
      end: ends,
      row: rows,
      commentRows,
      joinedRows,
      lineStarts: lineBuf.slice(0, this.row + 1),
      maxDepth: this.maxDepth,
      rawUnsafe: this.rawUnsafe,
    };
  }

  /** Lexes one token starting with character code `c` at `pos` (f-string fields need it). */
  abstract lexOne(c: number): void;
}
