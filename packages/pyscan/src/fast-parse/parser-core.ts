// The fast parser's state: the token stream, and the indexed nodes it emits. Nodes are emitted
// when they end (post-order); a node takes as children the parentless nodes emitted since its mark
// (the count of those when its first token was reached), which also covers nodes discovered late
// like `a + b` (a binary operator is known only at its operator). build() turns that into the
// pre-order index tree.ts describes.
import { numberKey, stringValue } from '../py-literals.js';
import type { Tokens } from './lexer.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

/**
 * An expression's Halstead operand identity, as the parser hands it around: a token index (a
 * name, attribute name, number, single string or constant), UNIQUE (the expression node itself),
 * or -2 - k for the k-th precomputed key (concatenated strings).
 */
export type Operand = number;
export const UNIQUE = -1;

export class ParserCore {
  readonly src: string;
  readonly kind: Uint8Array;
  readonly tstart: Int32Array;
  readonly tend: Int32Array;
  readonly trow: Int32Array;
  /** Current token and its kind. */
  p = 0;
  k = 0;
  /** End offset of the last token consumed that is not NEWLINE, INDENT or DEDENT. */
  lastEnd = 0;
  /** Largest row at which a node radon's end-line rule counts starts (see IndexDetails.lastLine). */
  qmax = -1;
  depth = 0;

  // Emitted nodes, post-order.
  type: string[] = [];
  start: number[] = [];
  end: number[] = [];
  row: number[] = [];
  parent: number[] = [];
  size: number[] = [];
  orphans: number[] = [];
  /** Per node: a def or class name, a def's parameter count, radon end line, docstring rows. */
  name = new Map<number, string>();
  params = new Map<number, number>();
  lastLine = new Map<number, number>();
  doc = new Map<number, [number, number]>();
  /** Halstead operators and operands of operator nodes; chain continuations of boolean operators. */
  halOps = new Map<number, string[]>();
  halArgs = new Map<number, string[]>();
  chain = new Set<number>();
  keys: string[] = [];
  uniq = 0;
  /** The last string atom: its first and last token, and the token after it (docstrings). */
  strFirst = -1;
  strLast = -1;
  strAfter = -1;
  /** Set by a suite: the end-line row of its last statement and of all of it, and its docstring rows. */
  lastQ = -1;
  blockQ = -1;
  blockDoc: [number, number] | null = null;
  /** The docstring candidate: first token of the innermost suite being parsed, and its rows once seen. */
  docAt = -1;
  docFor = -1;
  docRows: [number, number] | null = null;

  constructor(src: string, toks: Tokens) {
    this.src = src;
    this.kind = toks.kind;
    this.tstart = toks.start;
    this.tend = toks.end;
    this.trow = toks.row;
    this.k = this.kind[0] ?? T.EOF;
  }

  /** The current kind, unnarrowed (TypeScript narrows P.k across calls that move on). */
  cur(): number {
    return this.k;
  }

  next(): void {
    const k = this.k;
    if (k !== T.NEWLINE && k !== T.INDENT && k !== T.DEDENT) this.lastEnd = this.tend[this.p] ?? 0;
    this.k = this.kind[++this.p] ?? T.EOF;
  }

  expect(k: number): void {
    if (this.k !== k) this.fail();
    this.next();
  }

  eat(k: number): boolean {
    if (this.k !== k) return false;
    this.next();
    return true;
  }

  peek(ahead = 1): number {
    return this.kind[this.p + ahead] ?? T.EOF;
  }

  fail(): never {
    unsupported(`syntax not handled at line ${(this.trow[this.p] ?? 0) + 1}`);
  }

  text(t: number): string {
    return this.src.slice(this.tstart[t], this.tend[t]);
  }

  /** Whether token t's text is `word` (without slicing it out of the source). */
  is(t: number, word: string): boolean {
    const s = this.tstart[t] ?? 0;
    return (this.tend[t] ?? 0) - s === word.length && this.src.startsWith(word, s);
  }

  /** Counts token t's row for radon's end line (a node it cares about starts there). */
  q(t: number): void {
    const r = this.trow[t] ?? 0;
    if (r > this.qmax) this.qmax = r;
  }

  mark(): number {
    return this.orphans.length;
  }

  /** Emits a node starting at token t whose children are the orphans since mark m. */
  finish(type: string, m: number, t: number): number {
    const id = this.type.length;
    const orphans = this.orphans;
    let size = 1;
    for (let k = m; k < orphans.length; k++) {
      const o = orphans[k] ?? 0;
      this.parent[o] = id;
      size += this.size[o] ?? 1;
    }
    orphans.length = m;
    orphans.push(id);
    this.type.push(type);
    this.start.push(this.tstart[t] ?? 0);
    this.end.push(this.lastEnd);
    this.row.push(this.trow[t] ?? 0);
    this.parent.push(-1);
    this.size.push(size);
    return id;
  }

  enter(): void {
    if (++this.depth > 200) unsupported('nesting too deep for the fast parser');
  }

  leave(): void {
    this.depth--;
  }

  /** The key string of an operand. */
  key(o: Operand): string {
    if (o === UNIQUE) return `u:${this.uniq++}`;
    if (o < 0) return this.keys[-2 - o] ?? 'u:?';
    switch (this.kind[o]) {
      case T.NAME:
        return `s:${this.text(o)}`;
      case T.NUMBER:
        return numberKey(this.text(o));
      case T.STRING: {
        const v = stringValue(this.text(o));
        return v ? `${v.bytes ? 'b' : 's'}:${v.value}` : `u:${this.uniq++}`;
      }
      case T.KW_TRUE:
        return 'n:1';
      case T.KW_FALSE:
        return 'n:0';
      case T.KW_NONE:
        return 'None';
      case T.ELLIPSIS:
        return 'Ellipsis';
      default:
        return `u:${this.uniq++}`;
    }
  }

  /** A precomputed key as an Operand. */
  keyed(key: string): Operand {
    this.keys.push(key);
    return -1 - this.keys.length;
  }

  hal(id: number, ops: string[], args: string[]): void {
    this.halOps.set(id, ops);
    this.halArgs.set(id, args);
  }
}
