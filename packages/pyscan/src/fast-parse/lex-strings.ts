// String, bytes and f-string literals for the fast parser's tokenizer (lexer.ts).

import { LexerCore } from './lexer-core.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

export abstract class StringLexer extends LexerCore {
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
        if (src.charCodeAt(p + 1) === 10) {
          this.join();
          this.nextRow(p + 2);
        }
        p += 2;
      } else if (c === 10) {
        if (!triple) unsupported('newline in string');
        this.join();
        this.nextRow(p + 1);
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
          if (d === 10) {
            this.join();
            this.nextRow(p + 2);
          }
          p += 2;
        }
      } else if (c === 10) {
        if (!triple) unsupported('newline in f-string');
        this.join();
        this.nextRow(p + 1);
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
}
