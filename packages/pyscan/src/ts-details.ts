// IndexDetails answered from tree-sitter nodes, looked at on demand (the tree-sitter path).
import type { Node } from 'web-tree-sitter';
import { lastNodeLine } from './endline.js';
import { namedKids } from './grammar.js';
import type { HalSink, IndexDetails } from './index-details.js';
import { BINARY, COMPARE, UNARY } from './operators.js';
import { operandKey } from './py-literals.js';

/** The indexed part TsDetails needs (the index itself, once built). */
interface Indexed {
  src: string;
  count: number;
  type: string[];
  start: Int32Array;
  parent: Int32Array;
  size: Int32Array;
}

const SEPARATORS = new Set(['positional_separator', 'keyword_separator']);

/** The operator between two operands, from the source text between them. */
function operatorBetween(src: string, a: Node | undefined, b: Node | undefined): string {
  if (!a || !b) return '';
  return src
    .slice(a.endIndex, b.startIndex)
    .replace(/#[^\n]*/g, ' ')
    .replace(/\\\r?\n/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

export class TsDetails implements IndexDetails {
  private readonly ops = new Map<number, string>();
  ix: Indexed | null = null;

  constructor(readonly nodes: Node[]) {}

  private get index(): Indexed {
    if (!this.ix) throw new Error('pyscan: index not attached');
    return this.ix;
  }

  private body(def: number): Node | undefined {
    const ix = this.index;
    const stop = def + (ix.size[def] ?? 1);
    let found: Node | undefined;
    for (let j = def + 1; j < stop; j++)
      if (ix.parent[j] === def && ix.type[j] === 'block') found = this.nodes[j];
    return found;
  }

  name(i: number): string {
    return this.nodes[i]?.childForFieldName('name')?.text ?? '';
  }

  params(i: number): number {
    const params = this.nodes[i]?.childForFieldName('parameters');
    if (!params) return 0;
    let n = 0;
    for (const k of namedKids(params)) if (!SEPARATORS.has(k.type)) n++;
    return n;
  }

  lastLine(i: number): number {
    const block = this.body(i);
    if (!block) return -1;
    if (this.index.type[i] === 'class_definition') return lastNodeLine(block);
    let last = block.lastNamedChild;
    while (last && (last.type === 'comment' || last.type === 'line_continuation'))
      last = last.previousNamedSibling;
    return last ? lastNodeLine(last) : -1;
  }

  docstringRows(i: number): [number, number] | null {
    const block = this.body(i);
    const stmt = block ? namedKids(block)[0] : undefined;
    if (stmt?.type !== 'expression_statement') return null;
    const kids = namedKids(stmt);
    const only = kids.length === 1 ? kids[0] : undefined;
    if (only && (only.type === 'string' || only.type === 'concatenated_string'))
      return [only.startPosition.row, only.endPosition.row];
    return null;
  }

  printChevron(i: number): boolean {
    return this.nodes[i]?.firstNamedChild?.type === 'chevron';
  }

  private boolOperator(i: number): string {
    let op = this.ops.get(i);
    if (op === undefined) {
      const node = this.nodes[i];
      const kids = node ? namedKids(node) : [];
      op = operatorBetween(this.index.src, kids[0], kids[1]);
      this.ops.set(i, op);
    }
    return op;
  }

  continuesChain(i: number): boolean {
    const ix = this.index;
    const p = ix.parent[i] ?? -1;
    return (
      p >= 0 &&
      ix.type[p] === 'boolean_operator' &&
      ix.start[p] === ix.start[i] &&
      this.boolOperator(p) === this.boolOperator(i)
    );
  }

  halstead(i: number, ctx: string, c: HalSink): void {
    const ix = this.index;
    const node = this.nodes[i];
    if (!node) return;
    const src = ix.src;
    const operand = (n: Node | undefined): void => c.operandKey(ctx, n ? operandKey(n) : 'u:?');
    switch (ix.type[i]) {
      case 'binary_operator':
      case 'augmented_assignment': {
        const [l, r] = namedKids(node);
        const raw = operatorBetween(src, l, r);
        c.op(BINARY[ix.type[i] === 'augmented_assignment' ? raw.slice(0, -1) : raw] ?? raw);
        operand(l);
        operand(r);
        return;
      }
      case 'union_type': {
        const [l, r] = namedKids(node);
        c.op('BitOr');
        operand(l);
        operand(r);
        return;
      }
      case 'unary_operator':
        c.op(UNARY[src[ix.start[i] ?? 0] ?? ''] ?? 'UAdd');
        operand(namedKids(node)[0]);
        return;
      case 'not_operator':
        c.op('Not');
        operand(namedKids(node)[0]);
        return;
      case 'boolean_operator': {
        if (this.continuesChain(i)) return;
        const op = this.boolOperator(i);
        c.op(op === 'and' ? 'And' : 'Or');
        let v: Node | undefined = node;
        // Walk down the left spine of the chain, collecting each right operand.
        for (;;) {
          const [l, r] = namedKids(v);
          operand(r);
          if (l && l.type === 'boolean_operator' && l.startIndex === v.startIndex && sameOp(src, l, op))
            v = l;
          else {
            operand(l);
            return;
          }
        }
      }
      case 'print_statement': {
        // `print >> f, x` is valid Python 3: a tuple whose first item is `print >> f`.
        const chevron = namedKids(node)[0];
        if (chevron?.type !== 'chevron') return;
        c.op('RShift');
        c.operandKey(ctx, 's:print');
        operand(namedKids(chevron)[0]);
        return;
      }
      case 'case_pattern': {
        // A negative number in a pattern is a unary minus in Python's AST.
        const kids = namedKids(node);
        const only = kids.length === 1 ? kids[0] : undefined;
        if (src[ix.start[i] ?? 0] === '-' && (only?.type === 'integer' || only?.type === 'float')) {
          c.op('USub');
          operand(only);
        }
        return;
      }
      case 'complex_pattern': {
        const [re, im] = namedKids(node);
        const negative = src[ix.start[i] ?? 0] === '-';
        if (negative) {
          c.op('USub');
          operand(re);
        }
        c.op(operatorBetween(src, re, im) === '-' ? 'Sub' : 'Add');
        if (negative) c.operandKey(ctx, `u:neg${node.id}`);
        else operand(re);
        operand(im);
        return;
      }
      case 'comparison_operator': {
        const kids = namedKids(node);
        for (let k = 0; k < kids.length; k++) {
          operand(kids[k]);
          if (k > 0) {
            const text = operatorBetween(src, kids[k - 1], kids[k]);
            c.op(COMPARE[text] ?? text);
          }
        }
        return;
      }
    }
  }
}

function sameOp(src: string, node: Node, op: string): boolean {
  const [l, r] = namedKids(node);
  return operatorBetween(src, l, r) === op;
}
