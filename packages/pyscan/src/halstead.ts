// Halstead metrics with radon 5.1's rules (radon.visitors.HalsteadVisitor): only binary, unary,
// boolean (one operator per `and`/`or` chain, its values as operands), augmented-assignment and
// comparison operators count. Distinct operators are told apart by operator kind; distinct
// operands by (enclosing function name, value), where a value is a name, an attribute name, a
// constant, or the expression node itself (see IndexDetails.halstead). Decorators, parameters and annotations of a def are
// not visited (those of a class are).
import type { HalSink } from './index-details.js';
import { MODULE, type Scopes, UNSEEN } from './scopes.js';
import type { SyntaxIndex } from './tree.js';

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

class Counter implements HalSink {
  operators = new Set<string>();
  /** Distinct operands per context (a set per context spares a joined key string per operand). */
  operands = new Map<string, Set<string>>();
  distinctOperands = 0;
  n1 = 0;
  n2 = 0;

  op(name: string): void {
    this.n1++;
    this.operators.add(name);
  }

  operandKey(ctx: string, key: string): void {
    this.n2++;
    let keys = this.operands.get(ctx);
    if (!keys) {
      keys = new Set<string>();
      this.operands.set(ctx, keys);
    }
    if (!keys.has(key)) {
      keys.add(key);
      this.distinctOperands++;
    }
  }
}

/** Computes radon's file-level Halstead report. */
export function analyzeHalstead(ix: SyntaxIndex, sc: Scopes): HalsteadMetrics {
  const c = new Counter();
  const names = new Map<number, string>();
  for (let i = 0; i < ix.count; i++) {
    const ty = ix.type[i];
    if (!OPERATOR_TYPES.has(ty ?? '')) continue;
    const ctxIdx = sc.halCtx[i] ?? UNSEEN;
    if (ctxIdx === UNSEEN) continue;
    let ctx = '\u0001';
    if (ctxIdx !== MODULE) {
      ctx = names.get(ctxIdx) ?? ix.details.name(ctxIdx);
      names.set(ctxIdx, ctx);
    }
    ix.details.halstead(i, ctx, c);
  }
  return report(c.operators.size, c.distinctOperands, c.n1, c.n2);
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
