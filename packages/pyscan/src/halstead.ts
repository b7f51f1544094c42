// Halstead metrics with radon 5.1's rules (radon.visitors.HalsteadVisitor): only binary, unary,
// boolean (one operator per `and`/`or` chain, its values as operands), augmented-assignment and
// comparison operators count. Distinct operators are told apart by operator kind; distinct
// operands by (enclosing function name, value), where a value is a name, an attribute name, a
// constant, or the expression node itself. Decorators, parameters and annotations of a def are
// not visited (those of a class are).
import type { Node } from 'web-tree-sitter';
import { operandKey } from './py-literals.js';
import { MODULE, type Scopes, UNSEEN } from './scopes.js';
import { namedKids, type SyntaxIndex } from './tree.js';

/** radon's Halstead report for a whole file. */
export interface HalsteadMetrics {
  h1: number;
  h2: number;
  N1: number;
  N2: number;
  vocabulary: number;
  length: number;
  calculated_length: number;
  volume: number;
  difficulty: number;
  effort: number;
  time: number;
  bugs: number;
}

const BINARY: Record<string, string> = {
  '+': 'Add',
  '-': 'Sub',
  '*': 'Mult',
  '@': 'MatMult',
  '/': 'Div',
  '%': 'Mod',
  '**': 'Pow',
  '<<': 'LShift',
  '>>': 'RShift',
  '|': 'BitOr',
  '^': 'BitXor',
  '&': 'BitAnd',
  '//': 'FloorDiv',
};
const UNARY: Record<string, string> = { '-': 'USub', '+': 'UAdd', '~': 'Invert' };
const COMPARE: Record<string, string> = {
  '<': 'Lt',
  '>': 'Gt',
  '==': 'Eq',
  '>=': 'GtE',
  '<=': 'LtE',
  '!=': 'NotEq',
  '<>': 'NotEq',
  in: 'In',
  'not in': 'NotIn',
  is: 'Is',
  'is not': 'IsNot',
};

class Counter {
  operators = new Set<string>();
  operands = new Set<string>();
  n1 = 0;
  n2 = 0;

  op(name: string): void {
    this.n1++;
    this.operators.add(name);
  }

  operand(ctx: string, node: Node | undefined): void {
    this.operandKey(ctx, node ? operandKey(node) : 'u:?');
  }

  operandKey(ctx: string, key: string): void {
    this.n2++;
    this.operands.add(`${ctx}\u0000${key}`);
  }
}

/** The operator between two operands, from the source text between them. */
export function operatorBetween(src: string, a: Node | undefined, b: Node | undefined): string {
  if (!a || !b) return '';
  return src
    .slice(a.endIndex, b.startIndex)
    .replace(/#[^\n]*/g, ' ')
    .replace(/\\\r?\n/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Operator of a boolean_operator node ('and' or 'or'). */
export function boolOperator(ix: SyntaxIndex, i: number, cache: Map<number, string>): string {
  let op = cache.get(i);
  if (op === undefined) {
    const node = ix.node[i];
    const kids = node ? namedKids(node) : [];
    op = operatorBetween(ix.src, kids[0], kids[1]);
    cache.set(i, op);
  }
  return op;
}

/** True when boolean_operator i continues its parent's chain (`a and b and c` is one operator in Python). */
export function continuesChain(ix: SyntaxIndex, i: number, cache: Map<number, string>): boolean {
  const p = ix.parent[i] ?? -1;
  return (
    p >= 0 &&
    ix.type[p] === 'boolean_operator' &&
    ix.start[p] === ix.start[i] &&
    boolOperator(ix, p, cache) === boolOperator(ix, i, cache)
  );
}

function countNode(ix: SyntaxIndex, i: number, ctx: string, c: Counter, ops: Map<number, string>): void {
  const node = ix.node[i];
  if (!node) return;
  switch (ix.type[i]) {
    case 'binary_operator':
    case 'augmented_assignment': {
      const [l, r] = namedKids(node);
      const raw = operatorBetween(ix.src, l, r);
      c.op(BINARY[ix.type[i] === 'augmented_assignment' ? raw.slice(0, -1) : raw] ?? raw);
      c.operand(ctx, l);
      c.operand(ctx, r);
      return;
    }
    case 'union_type': {
      const [l, r] = namedKids(node);
      c.op('BitOr');
      c.operand(ctx, l);
      c.operand(ctx, r);
      return;
    }
    case 'unary_operator':
      c.op(UNARY[ix.src[ix.start[i] ?? 0] ?? ''] ?? 'UAdd');
      c.operand(ctx, namedKids(node)[0]);
      return;
    case 'not_operator':
      c.op('Not');
      c.operand(ctx, namedKids(node)[0]);
      return;
    case 'boolean_operator': {
      if (continuesChain(ix, i, ops)) return;
      const op = boolOperator(ix, i, ops);
      c.op(op === 'and' ? 'And' : 'Or');
      let v: Node | undefined = node;
      // Walk down the left spine of the chain, collecting each right operand.
      for (;;) {
        const [l, r] = namedKids(v);
        c.operand(ctx, r);
        if (l && l.type === 'boolean_operator' && l.startIndex === v.startIndex && sameOp(ix.src, l, op))
          v = l;
        else {
          c.operand(ctx, l);
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
      c.operand(ctx, namedKids(chevron)[0]);
      return;
    }
    case 'case_pattern': {
      // A negative number in a pattern is a unary minus in Python's AST.
      const kids = namedKids(node);
      const only = kids.length === 1 ? kids[0] : undefined;
      if (ix.src[ix.start[i] ?? 0] === '-' && (only?.type === 'integer' || only?.type === 'float')) {
        c.op('USub');
        c.operand(ctx, only);
      }
      return;
    }
    case 'complex_pattern': {
      const [re, im] = namedKids(node);
      const negative = ix.src[ix.start[i] ?? 0] === '-';
      if (negative) {
        c.op('USub');
        c.operand(ctx, re);
      }
      c.op(operatorBetween(ix.src, re, im) === '-' ? 'Sub' : 'Add');
      if (negative) c.operandKey(ctx, `u:neg${node.id}`);
      else c.operand(ctx, re);
      c.operand(ctx, im);
      return;
    }
    case 'comparison_operator': {
      const kids = namedKids(node);
      for (let k = 0; k < kids.length; k++) {
        c.operand(ctx, kids[k]);
        if (k > 0) {
          const text = operatorBetween(ix.src, kids[k - 1], kids[k]);
          c.op(COMPARE[text] ?? text);
        }
      }
      return;
    }
  }
}

function sameOp(src: string, node: Node, op: string): boolean {
  const [l, r] = namedKids(node);
  return operatorBetween(src, l, r) === op;
}

/** Computes radon's file-level Halstead report. */
export function analyzeHalstead(ix: SyntaxIndex, sc: Scopes): HalsteadMetrics {
  const c = new Counter();
  const ops = new Map<number, string>();
  const names = new Map<number, string>();
  for (let i = 0; i < ix.count; i++) {
    const ty = ix.type[i];
    if (!OPERATOR_TYPES.has(ty ?? '')) continue;
    const ctxIdx = sc.halCtx[i] ?? UNSEEN;
    if (ctxIdx === UNSEEN) continue;
    let ctx = '\u0001';
    if (ctxIdx !== MODULE) {
      ctx = names.get(ctxIdx) ?? ix.node[ctxIdx]?.childForFieldName('name')?.text ?? '';
      names.set(ctxIdx, ctx);
    }
    countNode(ix, i, ctx, c, ops);
  }
  return report(c.operators.size, c.operands.size, c.n1, c.n2);
}

const OPERATOR_TYPES = new Set([
  'print_statement',
  'case_pattern',
  'complex_pattern',
  'binary_operator',
  'augmented_assignment',
  'union_type',
  'unary_operator',
  'not_operator',
  'boolean_operator',
  'comparison_operator',
]);

// Python's math.log(x, 2) divides natural logs; Math.log2 can differ in the last bit.
function log2(x: number): number {
  return Math.log(x) / Math.LN2;
}

function report(h1: number, h2: number, N1: number, N2: number): HalsteadMetrics {
  const vocabulary = h1 + h2;
  const length = N1 + N2;
  const calculated_length = h1 && h2 ? h1 * log2(h1) + h2 * log2(h2) : 0;
  const volume = vocabulary !== 0 ? length * log2(vocabulary) : 0;
  const difficulty = h2 !== 0 ? (h1 * N2) / (2 * h2) : 0;
  const effort = difficulty * volume;
  return {
    h1,
    h2,
    N1,
    N2,
    vocabulary,
    length,
    calculated_length,
    volume,
    difficulty,
    effort,
    time: effort / 18,
    bugs: volume / 3000,
  };
}
