// Every def and class of a file read off the fast tokenizer's tokens: name, enclosing class, the
// parameters and whether each is annotated, the return annotation, the docstring. Tokens are enough:
// a header is `def NAME ( … ) [-> …] :`, and a docstring is a body that starts with a lone string.
import { type Tokens, tokenize, Unsupported } from '../fast-parse/index.js';
import * as T from '../fast-parse/tokens.js';

/** One parameter of a def (a bare `*` or `/` separator is not a parameter). */
export interface Param {
  name: string;
  kind: 'positional' | 'varargs' | 'keyword_only' | 'varkw';
  annotated: boolean;
}

/** A def or a class as the file declares it. */
export interface Definition {
  kind: 'function' | 'class';
  name: string;
  /** Innermost enclosing class ('' at module level or inside a function only). */
  class: string;
  /** 1-based line of `def`/`class`. */
  lineno: number;
  /** A def directly in a class body. */
  isMethod: boolean;
  /** Inside another def. */
  nested: boolean;
  decorators: string[];
  params: Param[];
  returnAnnotated: boolean;
  hasDocstring: boolean;
}

/** A file's definitions and its module docstring; null when the tokenizer cannot read the file. */
export interface FileDefinitions {
  moduleDocstring: boolean;
  definitions: Definition[];
}

const OPEN = new Set([T.LPAR, T.LSQB, T.LBRACE]);
const CLOSE = new Set([T.RPAR, T.RSQB, T.RBRACE]);
const { INDENT, DEDENT, NEWLINE, AT, KW_DEF, KW_CLASS, KW_ASYNC } = T;

/** Reads `text` (normalised newlines; `tokens`: its tokens if made already); null for a file the fast tokenizer leaves (Python 2, odd input). */
export function readDefinitions(text: string, tokens?: Tokens): FileDefinitions | null {
  let toks: Tokens;
  try {
    // The analysis's own tokens when it has them: a file is tokenized once per run.
    toks = tokens ?? tokenize(text);
  } catch (e) {
    if (e instanceof Unsupported || e instanceof RangeError) return null;
    throw e;
  }
  return new Reader(text, toks).read();
}

interface Scope {
  kind: 'function' | 'class';
  name: string;
  /** Indentation depth of its body. */
  depth: number;
}

class Reader {
  private i = 0;
  private depth = 0;
  private readonly scopes: Scope[] = [];
  private decorators: string[] = [];
  private readonly out: Definition[] = [];

  constructor(
    private readonly text: string,
    private readonly t: Tokens,
  ) {}

  private k(i: number): number {
    return i < this.t.count ? this.t.kind[i]! : T.EOF;
  }

  private s(i: number): string {
    return this.text.slice(this.t.start[i], this.t.end[i]);
  }

  read(): FileDefinitions {
    const moduleDocstring = this.docstringAt(0);
    // Every token passes through this loop and most are nothing to it: it reads the kinds array
    // directly, with the kinds it looks for in locals (a cold worker runs it in the interpreter).
    const kinds = this.t.kind;
    const count = this.t.count;
    let atStatement = true;
    while (this.i < count) {
      const k = kinds[this.i] as number;
      if (k === INDENT) {
        this.depth++;
        this.i++;
        continue;
      }
      if (k === DEDENT) {
        this.depth--;
        while (this.scopes.length > 0 && this.scopes[this.scopes.length - 1]!.depth > this.depth)
          this.scopes.pop();
        this.i++;
        continue;
      }
      if (k === NEWLINE) {
        atStatement = true;
        this.i++;
        continue;
      }
      if (atStatement) {
        if (k === AT) {
          this.decorators.push(this.decoratorName());
          continue;
        }
        if (k === KW_DEF || k === KW_CLASS || (k === KW_ASYNC && this.k(this.i + 1) === KW_DEF)) {
          this.header(k === KW_CLASS ? 'class' : 'function');
          continue;
        }
        atStatement = false;
      }
      this.i++;
    }
    return { moduleDocstring, definitions: this.out };
  }

  /** `@a.b.c(…)` up to its NEWLINE: the dotted name (`a.b.c`). */
  private decoratorName(): string {
    this.i++;
    let name = '';
    while (this.k(this.i) === T.NAME || this.k(this.i) === T.DOT) name += this.s(this.i++);
    while (this.k(this.i) !== T.NEWLINE && this.k(this.i) !== T.EOF) this.i++;
    this.i++;
    return name;
  }

  private header(kind: 'function' | 'class'): void {
    if (this.k(this.i) === T.KW_ASYNC) this.i++;
    const lineno = this.t.row[this.i]! + 1;
    this.i++;
    const name = this.s(this.i++);
    const enclosing = this.scopes[this.scopes.length - 1];
    const cls = [...this.scopes].reverse().find((s) => s.kind === 'class');
    const def: Definition = {
      kind,
      name,
      class: cls?.name ?? '',
      lineno,
      isMethod: kind === 'function' && enclosing?.kind === 'class',
      nested: this.scopes.some((s) => s.kind === 'function'),
      decorators: this.decorators,
      params: [],
      returnAnnotated: false,
      hasDocstring: false,
    };
    this.decorators = [];
    if (kind === 'function' && this.k(this.i) === T.LPAR) def.params = this.params();
    else if (kind === 'class' && this.k(this.i) === T.LPAR) this.skipBrackets();
    // Type parameters (`def f[T](…)`, `class C[T]`) are skipped with the rest up to the colon.
    if (kind === 'function' && this.k(this.i) === T.ARROW) def.returnAnnotated = true;
    let level = 0;
    while (this.i < this.t.count) {
      const k = this.k(this.i);
      if (OPEN.has(k)) level++;
      else if (CLOSE.has(k)) level--;
      else if (k === T.COLON && level === 0) break;
      this.i++;
    }
    this.i++; // the colon
    if (this.k(this.i) === T.NEWLINE && this.k(this.i + 1) === T.INDENT) {
      def.hasDocstring = this.docstringAt(this.i + 2);
      this.scopes.push({ kind, name, depth: this.depth + 1 });
    } else {
      // A one-line body: `def f(): "doc"`.
      def.hasDocstring = this.docstringAt(this.i);
    }
    this.out.push(def);
    while (this.k(this.i) !== T.NEWLINE && this.k(this.i) !== T.EOF) this.i++;
  }

  /** Whether the statement starting at token `i` is a lone (non-bytes) string: a docstring. */
  private docstringAt(i: number): boolean {
    let j = i;
    while (this.k(j) === T.STRING) {
      if (/^[a-zA-Z]*[bB]/.test(this.s(j))) return false;
      j++;
    }
    return j > i && (this.k(j) === T.NEWLINE || this.k(j) === T.EOF || this.k(j) === T.SEMI);
  }

  private skipBrackets(): void {
    let level = 0;
    do {
      const k = this.k(this.i);
      if (OPEN.has(k)) level++;
      else if (CLOSE.has(k)) level--;
      this.i++;
    } while (level > 0 && this.i < this.t.count);
  }

  /** The parameter list from `(` through `)`; leaves `i` after the `)`. */
  private params(): Param[] {
    const params: Param[] = [];
    this.i++;
    let afterStar = false;
    let seg: number[] = [];
    let level = 0;
    const flush = (): void => {
      if (seg.length === 0) return;
      const first = this.k(seg[0]!);
      if (seg.length === 1 && first === T.STAR) afterStar = true;
      else if (seg.length === 1 && first === T.SLASH) {
        // positional-only marker
      } else {
        const star = first === T.STAR ? 1 : first === T.DSTAR ? 2 : 0;
        const at = star === 0 ? 0 : 1;
        const nameAt = seg[at]!;
        // Annotated: a `:` before any `=` (a default's lambda has its own colon after the `=`).
        let annotated = false;
        for (const j of seg.slice(at + 1)) {
          const kj = this.k(j);
          if (kj === T.EQUAL) break;
          if (kj === T.COLON) {
            annotated = true;
            break;
          }
        }
        const kind: Param['kind'] =
          star === 1 ? 'varargs' : star === 2 ? 'varkw' : afterStar ? 'keyword_only' : 'positional';
        if (star === 1) afterStar = true;
        params.push({ name: this.s(nameAt), kind, annotated });
      }
      seg = [];
    };
    while (this.i < this.t.count) {
      const k = this.k(this.i);
      if (level === 0 && k === T.RPAR) break;
      if (OPEN.has(k)) level++;
      else if (CLOSE.has(k)) level--;
      // Only the segment's top-level tokens matter (a nested bracket's colons are a slice's or a dict's).
      if (level === 0 && k === T.COMMA) flush();
      else if (level === 0 || (OPEN.has(k) && level === 1)) seg.push(this.i);
      this.i++;
    }
    flush();
    this.i++; // the `)`
    return params;
  }
}
