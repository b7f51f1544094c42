// A Python 3 tokenizer for the fast parser: one pass of charCodeAt over the text into parallel
// typed arrays (kind, start, end, 0-based row), with INDENT/DEDENT/NEWLINE as CPython's tokenizer
// makes them. f-strings are opened up: FSTART, then per replacement field FOPEN, the field's
// expression tokens, FSPEC and nested fields for a format specifier, FCLOSE; then FEND. Anything
// outside what valid Python 3.11 allows throws Unsupported (the caller falls back to tree-sitter).

import { isDigit, isIdChar, isIdStart, operatorAt } from './lex-operators.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

/** Tokens of one file; the arrays are shared between files (valid until the next tokenize). */
export interface Tokens {
  count: number;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
}

let cap = 0;
let kind = new Uint8Array(0);
let starts = new Int32Array(0);
let ends = new Int32Array(0);
let rows = new Int32Array(0);

function ensure(n: number): void {
  if (n <= cap) return;
  cap = Math.max(n, cap * 2, 4096);
  kind = new Uint8Array(cap);
  starts = new Int32Array(cap);
  ends = new Int32Array(cap);
  rows = new Int32Array(cap);
}

const ID_RE = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;

const STRING_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);

class Lexer {
  src: string;
  n: number;
  pos = 0;
  row = 0;
  count = 0;
  depth = 0;

  constructor(src: string) {
    this.src = src;
    this.n = src.length;
    ensure(src.length + 64);
  }

  emit(k: number, s: number, e: number, r: number): void {
    const i = this.count++;
    if (i >= cap) {
      const old = { kind, starts, ends, rows };
      cap = 0;
      ensure(i * 2);
      kind.set(old.kind);
      starts.set(old.starts);
      ends.set(old.ends);
      rows.set(old.rows);
    }
    kind[i] = k;
    starts[i] = s;
    ends[i] = e;
    rows[i] = r;
  }

  run(): Tokens {
    const { src, n } = this;
    const indents = [0];
    let lineStart = true;
    let lineHasTokens = false;
    while (this.pos < n) {
      if (lineStart && this.depth === 0) {
        let col = 0;
        let p = this.pos;
        for (; p < n; p++) {
          const c = src.charCodeAt(p);
          if (c === 32) col++;
          else if (c === 9) col = (col >> 3) * 8 + 8;
          else if (c === 12) col = 0;
          else break;
        }
        if (p >= n) {
          this.pos = p;
          break;
        }
        const c = src.charCodeAt(p);
        if (c === 10) {
          this.pos = p + 1;
          this.row++;
          continue;
        }
        if (c === 35) {
          const nl = src.indexOf('\n', p);
          this.pos = nl < 0 ? n : nl;
          continue;
        }
        if (c === 92) unsupported('backslash at the start of a line');
        let top = indents[indents.length - 1] ?? 0;
        if (col > top) {
          indents.push(col);
          this.emit(T.INDENT, p, p, this.row);
        } else {
          while (col < top) {
            indents.pop();
            this.emit(T.DEDENT, p, p, this.row);
            top = indents[indents.length - 1] ?? 0;
          }
          if (col !== top) unsupported('inconsistent dedent');
        }
        if (indents.length > 90) unsupported('indentation too deep');
        this.pos = p;
        lineStart = false;
      }
      const c = src.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 12) {
        this.pos++;
        continue;
      }
      if (c === 10) {
        if (this.depth === 0) {
          if (lineHasTokens) this.emit(T.NEWLINE, this.pos, this.pos + 1, this.row);
          lineHasTokens = false;
          lineStart = true;
        }
        this.pos++;
        this.row++;
        continue;
      }
      if (c === 35) {
        const nl = src.indexOf('\n', this.pos);
        this.pos = nl < 0 ? n : nl;
        continue;
      }
      if (c === 92) {
        if (src.charCodeAt(this.pos + 1) !== 10) unsupported('stray backslash');
        this.pos += 2;
        this.row++;
        continue;
      }
      this.lexOne(c);
      lineHasTokens = true;
    }
    if (this.depth !== 0) unsupported('unclosed bracket');
    if (lineHasTokens) this.emit(T.NEWLINE, n, n, this.row);
    for (let k = 1; k < indents.length; k++) this.emit(T.DEDENT, n, n, this.row);
    this.emit(T.EOF, n, n, this.row);
    return { count: this.count, kind, start: starts, end: ends, row: rows };
  }

  /** Lexes one name, number, string or operator at pos (c is its first code unit). */
  lexOne(c: number): void {
    const { src } = this;
    const s = this.pos;
    if (isIdStart(c)) {
      let p = s + 1;
      while (p < this.n && isIdChar(src.charCodeAt(p))) p++;
      if (c >= 128 || (p < this.n && src.charCodeAt(p) >= 128)) {
        ID_RE.lastIndex = s;
        if (!ID_RE.exec(src)) unsupported('unexpected character');
        p = ID_RE.lastIndex;
      }
      const q = src.charCodeAt(p);
      if ((q === 34 || q === 39) && p - s <= 2) {
        const prefix = src.slice(s, p).toLowerCase();
        if (STRING_PREFIXES.has(prefix)) {
          if (prefix.includes('f')) this.fstring(s, p, prefix.includes('r'));
          else this.string(s, p);
          return;
        }
      }
      const text = src.slice(s, p);
      this.emit(T.KEYWORDS.get(text) ?? T.NAME, s, p, this.row);
      this.pos = p;
      return;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(s + 1)))) {
      this.number(s);
      return;
    }
    if (c === 34 || c === 39) {
      this.string(s, s);
      return;
    }
    this.operator(c, s);
  }

  number(s: number): void {
    const { src } = this;
    let p = s;
    const c1 = src.charCodeAt(s + 1) | 32;
    if (src.charCodeAt(s) === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) {
      p = s + 2;
      for (;;) {
        const c = src.charCodeAt(p);
        if (isDigit(c) || c === 95 || ((c | 32) >= 97 && (c | 32) <= 102)) p++;
        else break;
      }
    } else {
      while (isDigit(src.charCodeAt(p)) || src.charCodeAt(p) === 95) p++;
      if (src.charCodeAt(p) === 46) {
        p++;
        while (isDigit(src.charCodeAt(p)) || src.charCodeAt(p) === 95) p++;
      }
      if ((src.charCodeAt(p) | 32) === 101) {
        let q = p + 1;
        const sign = src.charCodeAt(q);
        if (sign === 43 || sign === 45) q++;
        if (isDigit(src.charCodeAt(q))) {
          p = q;
          while (isDigit(src.charCodeAt(p)) || src.charCodeAt(p) === 95) p++;
        }
      }
      if ((src.charCodeAt(p) | 32) === 106) p++;
      // 0777 is a Python 2 octal literal (tree-sitter's path reports it).
      if (
        src.charCodeAt(s) === 48 &&
        p - s > 1 &&
        /^0[0-9_]*[1-9]/.test(src.slice(s, p)) &&
        /^[0-9_]+$/.test(src.slice(s, p))
      )
        unsupported('Python 2 octal literal');
    }
    const next = src.charCodeAt(p);
    if (isIdChar(next) || next >= 128 || next === 46) unsupported('odd number literal');
    this.emit(T.NUMBER, s, p, this.row);
    this.pos = p;
  }

  /** A plain string or bytes literal; s is where its prefix starts, qs its opening quote. */
  string(s: number, qs: number): void {
    const { src, n } = this;
    const q = src.charCodeAt(qs);
    const triple = src.charCodeAt(qs + 1) === q && src.charCodeAt(qs + 2) === q;
    const row = this.row;
    let p = triple ? qs + 3 : qs + 1;
    for (;;) {
      if (p >= n) unsupported('unterminated string');
      const c = src.charCodeAt(p);
      if (c === 92) {
        if (src.charCodeAt(p + 1) === 10) this.row++;
        p += 2;
      } else if (c === 10) {
        if (!triple) unsupported('newline in string');
        this.row++;
        p++;
      } else if (c === q) {
        if (!triple) {
          p++;
          break;
        }
        if (src.charCodeAt(p + 1) === q && src.charCodeAt(p + 2) === q) {
          p += 3;
          break;
        }
        p++;
      } else {
        p++;
      }
    }
    this.emit(T.STRING, s, p, row);
    this.pos = p;
  }

  /** An f-string: FSTART, its fields, FEND. */
  fstring(s: number, qs: number, raw: boolean): void {
    const { src, n } = this;
    const q = src.charCodeAt(qs);
    const triple = src.charCodeAt(qs + 1) === q && src.charCodeAt(qs + 2) === q;
    let p = triple ? qs + 3 : qs + 1;
    this.emit(T.FSTART, s, p, this.row);
    for (;;) {
      if (p >= n) unsupported('unterminated f-string');
      const c = src.charCodeAt(p);
      if (c === 92) {
        const d = src.charCodeAt(p + 1);
        if (!raw && d === 78 && src.charCodeAt(p + 2) === 123) {
          const close = src.indexOf('}', p);
          if (close < 0) unsupported('bad \\N escape');
          p = close + 1;
        } else if (d === 123 || d === 125) {
          p++;
        } else {
          if (d === 10) this.row++;
          p += 2;
        }
      } else if (c === 10) {
        if (!triple) unsupported('newline in f-string');
        this.row++;
        p++;
      } else if (c === q) {
        if (!triple) {
          p++;
          break;
        }
        if (src.charCodeAt(p + 1) === q && src.charCodeAt(p + 2) === q) {
          p += 3;
          break;
        }
        p++;
      } else if (c === 123) {
        if (src.charCodeAt(p + 1) === 123) p += 2;
        else p = this.field(p, q, triple);
      } else if (c === 125) {
        if (src.charCodeAt(p + 1) !== 125) unsupported('single } in f-string');
        p += 2;
      } else {
        p++;
      }
    }
    this.emit(T.FEND, p, p, this.row);
    this.pos = p;
  }

  /** One replacement field starting at its `{`; returns the offset after its `}`. */
  field(open: number, q: number, triple: boolean): number {
    const { src, n } = this;
    this.emit(T.FOPEN, open, open + 1, this.row);
    const base = this.depth;
    this.pos = open + 1;
    for (;;) {
      if (this.pos >= n) unsupported('unterminated f-string field');
      const c = src.charCodeAt(this.pos);
      if (c === 32 || c === 9) {
        this.pos++;
        continue;
      }
      if (c === 10 || c === 92 || c === 35)
        unsupported('f-string field across lines, or with a backslash or comment');
      if (c === q && (!triple || (src.charCodeAt(this.pos + 1) === q && src.charCodeAt(this.pos + 2) === q)))
        unsupported('quote inside an f-string field');
      if (this.depth === base) {
        if (c === 125) {
          this.emit(T.FCLOSE, this.pos, this.pos + 1, this.row);
          return this.pos + 1;
        }
        const d = src.charCodeAt(this.pos + 1);
        if (c === 33 && d !== 61) {
          // A conversion: !r, !s or !a.
          this.pos += 2;
          continue;
        }
        if (c === 61 && d !== 61) {
          // A self-documenting `=`.
          this.pos++;
          continue;
        }
        if (c === 58) return this.spec(q, triple);
      }
      this.lexOne(c);
    }
  }

  /** A format specifier from its `:` to the field's `}`; returns the offset after the `}`. */
  spec(q: number, triple: boolean): number {
    const { src, n } = this;
    this.emit(T.FSPEC, this.pos, this.pos + 1, this.row);
    let p = this.pos + 1;
    for (;;) {
      if (p >= n) unsupported('unterminated format specifier');
      const c = src.charCodeAt(p);
      if (c === 10 || c === 92 || c === q) unsupported('odd format specifier');
      if (c === 123) {
        p = this.field(p, q, triple);
      } else if (c === 125) {
        this.emit(T.FCLOSE, p, p + 1, this.row);
        return p + 1;
      } else {
        p++;
      }
    }
  }

  operator(c: number, s: number): void {
    const packed = operatorAt(this.src, c, s);
    const k = packed & 0xff;
    const len = packed >> 8;
    if (k === T.LPAR || k === T.LSQB || k === T.LBRACE) this.depth++;
    else if (k === T.RPAR || k === T.RSQB || k === T.RBRACE) this.depth--;
    if (this.depth < 0) unsupported('unbalanced bracket');
    this.emit(k, s, s + len, this.row);
    this.pos = s + len;
  }
}

/** Tokenizes a whole file (newlines already normalised to \n). */
export function tokenize(src: string): Tokens {
  return new Lexer(src).run();
}
