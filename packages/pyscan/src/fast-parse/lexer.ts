// A Python 3 tokenizer for the fast parser: one pass of charCodeAt over the text into parallel
// typed arrays (kind, start, end, 0-based row), with INDENT/DEDENT/NEWLINE as CPython's tokenizer
// makes them. f-strings are opened up: FSTART, then per replacement field FOPEN, the field's
// expression tokens, FSPEC and nested fields for a format specifier, FCLOSE; then FEND. Anything
// outside what valid Python 3.11 allows throws Unsupported (the caller falls back to tree-sitter).

import { isDigit, isIdChar, isIdStart, operatorAt } from './lex-operators.js';
import { StringLexer } from './lex-strings.js';
import { commentRows, type Tokens } from './lexer-core.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

export type { Tokens } from './lexer-core.js';

const ID_RE = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;

const STRING_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);

class Lexer extends StringLexer {
  run(): Tokens {
    const n = this.n;
    const indents = [0];
    const lineHasTokens = this.lines(indents);
    if (this.depth !== 0) unsupported('unclosed bracket');
    if (lineHasTokens) this.emit(T.NEWLINE, n, n, this.row);
    for (let k = 1; k < indents.length; k++) this.emit(T.DEDENT, n, n, this.row);
    this.emit(T.EOF, n, n, this.row);
    return this.tokens();
  }

  /**
   * The tokens of every line; returns whether the last line has some. (Kept apart from run():
   * V8 compiles this loop while it runs, and code after the loop that had not run yet made that
   * compiled code bail out at the loop's end on most files.)
   */
  lines(indents: number[]): boolean {
    const { src, n } = this;
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
          this.nextRow(p + 1);
          continue;
        }
        if (c === 35) {
          commentRows.push(this.row);
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
        } else {
          this.join();
        }
        this.pos++;
        this.nextRow(this.pos);
        continue;
      }
      if (c === 35) {
        commentRows.push(this.row);
        const nl = src.indexOf('\n', this.pos);
        this.pos = nl < 0 ? n : nl;
        continue;
      }
      if (c === 92) {
        if (src.charCodeAt(this.pos + 1) !== 10) unsupported('stray backslash');
        this.join();
        this.pos += 2;
        if (this.depth === 0 && this.blankAhead()) this.rawUnsafe = true;
        this.nextRow(this.pos);
        continue;
      }
      this.lexOne(c);
      lineHasTokens = true;
    }
    return lineHasTokens;
  }

  /** The line from pos on holds only spaces, tabs and form feeds. */
  blankAhead(): boolean {
    const { src } = this;
    for (let p = this.pos; ; p++) {
      const c = src.charCodeAt(p);
      if (c !== 32 && c !== 9 && c !== 12) return c === 10 || p >= this.n;
    }
  }

  /** Lexes one name, number, string or operator at pos (c is its first code unit). */
  lexOne(c: number): void {
    const { src } = this;
    const s = this.pos;
    if (isIdStart(c)) {
      let p = s + 1;
      while (p < this.n && isIdChar(src.charCodeAt(p))) p++;
      if (c >= 128 || (p < this.n && src.charCodeAt(p) >= 128)) {
        this.rawUnsafe = true;
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
  operator(c: number, s: number): void {
    const packed = operatorAt(this.src, c, s);
    const k = packed & 0xff;
    const len = packed >> 8;
    if (k === T.LPAR || k === T.LSQB || k === T.LBRACE) {
      if (++this.depth > this.maxDepth) this.maxDepth = this.depth;
    } else if (k === T.RPAR || k === T.RSQB || k === T.RBRACE) this.depth--;
    if (this.depth < 0) unsupported('unbalanced bracket');
    this.emit(k, s, s + len, this.row);
    this.pos = s + len;
  }
}

/** Tokenizes a whole file (newlines already normalised to \n). */
export function tokenize(src: string): Tokens {
  return new Lexer(src).run();
}
