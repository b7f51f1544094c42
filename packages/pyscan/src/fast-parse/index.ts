// The fast path: tokenize, parse, and lay the emitted nodes out as the pre-order SyntaxIndex the
// metrics read (the same nodes, parents and sizes tree-sitter's index would hold). Throws
// Unsupported for anything it does not handle; analyze.ts then parses the file with tree-sitter.
import type { HalSink, IndexDetails } from '../index-details.js';
import type { SyntaxIndex } from '../tree.js';
import { type Tokens, tokenize } from './lexer.js';
import { ParserCore } from './parser-core.js';
import { parseModule } from './statements.js';
import { Unsupported, unsupported } from './tokens.js';

export { type Tokens, tokenize, Unsupported };

/** Deepest nesting of indexed nodes the fast path builds (the checks in source-checks.ts stop at 1,000). */
const MAX_NEST = 900;

class FastDetails implements IndexDetails {
  constructor(
    private readonly P: ParserCore,
    /** Post-order id of each pre-order entry. */
    private readonly post: Int32Array,
  ) {}

  private id(i: number): number {
    return this.post[i] ?? -1;
  }

  name(i: number): string {
    return this.P.name.get(this.id(i)) ?? '';
  }

  params(i: number): number {
    return this.P.params.get(this.id(i)) ?? 0;
  }

  lastLine(i: number): number {
    return this.P.lastLine.get(this.id(i)) ?? -1;
  }

  continuesChain(i: number): boolean {
    return this.P.chain.has(this.id(i));
  }

  halstead(i: number, ctx: string, sink: HalSink): void {
    const id = this.id(i);
    const ops = this.P.halOps.get(id);
    if (!ops) return;
    for (const op of ops) sink.op(op);
    for (const key of this.P.halArgs.get(id) ?? []) sink.operandKey(ctx, key);
  }

  docstringRows(i: number): [number, number] | null {
    return this.P.doc.get(this.id(i)) ?? null;
  }

  printChevron(): boolean {
    return false;
  }
}

/**
 * Parses source text (newlines normalised) into the metrics' index without tree-sitter; `toks`
 * are the text's tokens when the caller already has them.
 */
export function fastParseIndexed(src: string, toks: Tokens = tokenize(src)): SyntaxIndex {
  const P = new ParserCore(src, toks);
  parseModule(P);
  const n = P.type.length;
  const pre = new Int32Array(n);
  const post = new Int32Array(n);
  const nextEnd = new Int32Array(n);
  const nest = new Int32Array(n);
  // Reverse post-order meets a parent before its children, and children last to first.
  for (let id = n - 1; id >= 0; id--) {
    const p = P.parent[id] ?? -1;
    const size = P.size[id] ?? 1;
    let at = 0;
    if (p >= 0) {
      at = (nextEnd[p] ?? 0) - size;
      nextEnd[p] = at;
      nest[id] = (nest[p] ?? 0) + 1;
      if ((nest[id] ?? 0) > MAX_NEST) unsupported('nesting too deep');
    } else if (id !== n - 1) {
      unsupported('more than one root');
    }
    pre[id] = at;
    post[at] = id;
    nextEnd[id] = at + size;
  }
  const ix: SyntaxIndex = {
    src,
    count: n,
    type: new Array<string>(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
    row: new Int32Array(n),
    parent: new Int32Array(n),
    size: new Int32Array(n),
    details: new FastDetails(P, post),
    hasError: false,
    lineStarts: toks.lineStarts,
  };
  for (let i = 0; i < n; i++) {
    const id = post[i] ?? 0;
    ix.type[i] = P.type[id] ?? '';
    ix.start[i] = P.start[id] ?? 0;
    ix.end[i] = P.end[id] ?? 0;
    ix.row[i] = P.row[id] ?? 0;
    const p = P.parent[id] ?? -1;
    ix.parent[i] = p >= 0 ? (pre[p] ?? -1) : -1;
    ix.size[i] = P.size[id] ?? 1;
  }
  return ix;
}
