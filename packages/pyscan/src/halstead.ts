// Halstead metrics with radon 5.1's rules (radon.visitors.HalsteadVisitor): only binary, unary,
// boolean (one operator per `and`/`or` chain, its values as operands), augmented-assignment and
// comparison operators count. Distinct operators are told apart by operator kind; distinct
// operands by (enclosing function name, value), where a value is a name, an attribute name, a
// constant, or the expression node itself. Decorators, parameters and annotations of a def are
// not visited (those of a class are).
import { operandKey } from './py-literals.js';
import { type FlatTree, fieldChild, isTrivia } from './tree.js';

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

  operand(t: FlatTree, ctx: string, node: number): void {
    this.n2++;
    this.operands.add(`${ctx}\u0000${operandKey(t, node)}`);
  }
}

function opText(t: FlatTree, i: number): string {
  const k = fieldChild(t, i, 'operator');
  return k >= 0 ? t.src.slice(t.start[k], t.end[k]) : '';
}

function sameChainOp(t: FlatTree, i: number, op: string): boolean {
  return t.type[i] === 'boolean_operator' && opText(t, i) === op;
}

function countNode(t: FlatTree, j: number, ctx: string, c: Counter): void {
  switch (t.type[j]) {
    case 'binary_operator':
    case 'augmented_assignment': {
      const raw = opText(t, j);
      c.op(BINARY[t.type[j] === 'augmented_assignment' ? raw.slice(0, -1) : raw] ?? raw);
      c.operand(t, ctx, fieldChild(t, j, 'left'));
      c.operand(t, ctx, fieldChild(t, j, 'right'));
      return;
    }
    case 'union_type': {
      c.op('BitOr');
      for (let k = j + 1; k >= 0; k = t.next[k] ?? -1)
        if (t.named[k] && !isTrivia(t, k)) c.operand(t, ctx, k);
      return;
    }
    case 'unary_operator':
      c.op(UNARY[opText(t, j)] ?? 'UAdd');
      c.operand(t, ctx, fieldChild(t, j, 'argument'));
      return;
    case 'not_operator':
      c.op('Not');
      c.operand(t, ctx, fieldChild(t, j, 'argument'));
      return;
    case 'boolean_operator': {
      const op = opText(t, j);
      const parent = t.parent[j] ?? -1;
      // `a and b and c` is one BoolOp in Python: count the chain once, at its top node.
      if (parent >= 0 && t.field[j] === 'left' && sameChainOp(t, parent, op)) return;
      c.op(op === 'and' ? 'And' : 'Or');
      let v = j;
      while (sameChainOp(t, v, op)) {
        c.operand(t, ctx, fieldChild(t, v, 'right'));
        v = fieldChild(t, v, 'left');
      }
      c.operand(t, ctx, v);
      return;
    }
    case 'comparison_operator': {
      for (let k = j + 1; k >= 0; k = t.next[k] ?? -1) {
        if (t.field[k] === 'operators') {
          const text = t.src.slice(t.start[k], t.end[k]).replace(/\s+/g, ' ');
          c.op(COMPARE[text] ?? text);
        } else if (t.named[k] && !isTrivia(t, k)) {
          c.operand(t, ctx, k);
        }
      }
      return;
    }
  }
}

/** Computes radon's file-level Halstead report. */
export function analyzeHalstead(t: FlatTree): HalsteadMetrics {
  const c = new Counter();
  // Enclosing function names, with the pre-order index where each body ends.
  const ctxNames: string[] = ['\u0001'];
  const ctxEnds: number[] = [t.count];
  let j = 0;
  while (j < t.count) {
    while (j >= (ctxEnds[ctxEnds.length - 1] ?? t.count) && ctxEnds.length > 1) {
      ctxEnds.pop();
      ctxNames.pop();
    }
    const ty = t.type[j];
    if (ty === 'decorated_definition') {
      const def = fieldChild(t, j, 'definition');
      if (def >= 0 && t.type[def] === 'function_definition') {
        j = def;
        continue;
      }
    } else if (ty === 'function_definition') {
      const body = fieldChild(t, j, 'body');
      const name = fieldChild(t, j, 'name');
      if (body < 0) {
        j += t.size[j] ?? 1;
        continue;
      }
      ctxNames.push(name >= 0 ? t.src.slice(t.start[name], t.end[name]) : '');
      ctxEnds.push(body + (t.size[body] ?? 1));
      j = body;
      continue;
    } else if (ty !== 'comment') {
      countNode(t, j, ctxNames[ctxNames.length - 1] ?? '', c);
    }
    j++;
  }
  return report(c.operators.size, c.operands.size, c.n1, c.n2);
}

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
