// Expressions, by recursive descent over CPython 3.11's grammar (PEP 617), emitting the indexed
// node kinds tree-sitter-python would (see tree.ts) with their Halstead operators and operands.
// Each function returns the expression's Operand. P.q(t) marks tokens that start a node radon's
// end-line rule counts (names, literals, brackets that build a value, unary operators, splats…);
// attribute names, call brackets, operators and continuation strings do not.
import { BINARY, UNARY } from '../operators.js';
import { callArgs, dictOrSet, lambda, list, paren, strings, subscript } from './atoms.js';
import { type Operand, type ParserCore, UNIQUE } from './parser-core.js';
import * as T from './tokens.js';

type P = ParserCore;

const PREC = new Uint8Array(64);
const BINOP: string[] = [];
function binop(k: number, prec: number, text: string): void {
  PREC[k] = prec;
  BINOP[k] = BINARY[text] ?? text;
}
binop(T.VBAR, 1, '|');
binop(T.CARET, 2, '^');
binop(T.AMP, 3, '&');
binop(T.LSHIFT, 4, '<<');
binop(T.RSHIFT, 4, '>>');
binop(T.PLUS, 5, '+');
binop(T.MINUS, 5, '-');
binop(T.STAR, 6, '*');
binop(T.SLASH, 6, '/');
binop(T.DSLASH, 6, '//');
binop(T.PERCENT, 6, '%');
binop(T.AT, 6, '@');

/** Whether a token can start an expression. */
export function startsExpr(k: number): boolean {
  switch (k) {
    case T.NAME:
    case T.NUMBER:
    case T.STRING:
    case T.FSTART:
    case T.LPAR:
    case T.LSQB:
    case T.LBRACE:
    case T.MINUS:
    case T.PLUS:
    case T.TILDE:
    case T.STAR:
    case T.ELLIPSIS:
    case T.KW_NOT:
    case T.KW_LAMBDA:
    case T.KW_AWAIT:
    case T.KW_NONE:
    case T.KW_TRUE:
    case T.KW_FALSE:
      return true;
    default:
      return false;
  }
}

/** star_expressions: a tuple when there is a comma. */
export function starExpressions(P: P): Operand {
  const o = starExpression(P);
  if (P.k !== T.COMMA) return o;
  while (P.eat(T.COMMA)) {
    if (!startsExpr(P.k)) break;
    starExpression(P);
  }
  return UNIQUE;
}

function starExpression(P: P): Operand {
  if (P.k === T.STAR) {
    P.q(P.p);
    P.next();
    bitwiseOr(P);
    return UNIQUE;
  }
  return namedExpression(P);
}

export function starNamedExpression(P: P): Operand {
  return starExpression(P);
}

export function namedExpression(P: P): Operand {
  if (P.k === T.NAME && P.peek() === T.WALRUS) {
    P.q(P.p);
    P.next();
    P.next();
    expression(P);
    return UNIQUE;
  }
  return expression(P);
}

export function expression(P: P): Operand {
  if (P.k === T.KW_LAMBDA) return lambda(P);
  P.enter();
  const m = P.mark();
  const t = P.p;
  let o = disjunction(P);
  if (P.k === T.KW_IF) {
    P.next();
    disjunction(P);
    P.expect(T.KW_ELSE);
    expression(P);
    P.finish('conditional_expression', m, t);
    o = UNIQUE;
  }
  P.leave();
  return o;
}

/** `a or b or c` (or `and`): one chain of nested boolean_operator nodes, counted once. */
function boolChain(P: P, kw: number, op: string, sub: (P: P) => Operand): Operand {
  const m = P.mark();
  const t = P.p;
  const o = sub(P);
  if (P.k !== kw) return o;
  const args = [P.key(o)];
  let id = -1;
  while (P.eat(kw)) {
    args.push(P.key(sub(P)));
    if (id >= 0) P.chain.add(id);
    id = P.finish('boolean_operator', m, t);
  }
  P.hal(id, [op], args);
  return UNIQUE;
}

export function disjunction(P: P): Operand {
  return boolChain(P, T.KW_OR, 'Or', conjunction);
}

function conjunction(P: P): Operand {
  return boolChain(P, T.KW_AND, 'And', inversion);
}

function inversion(P: P): Operand {
  if (P.k !== T.KW_NOT) return comparison(P);
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  P.enter();
  const o = inversion(P);
  P.leave();
  const id = P.finish('not_operator', m, t);
  P.hal(id, ['Not'], [P.key(o)]);
  return UNIQUE;
}

function compareOp(P: P): string | null {
  switch (P.k) {
    case T.LT:
      P.next();
      return 'Lt';
    case T.GT:
      P.next();
      return 'Gt';
    case T.EQEQ:
      P.next();
      return 'Eq';
    case T.GE:
      P.next();
      return 'GtE';
    case T.LE:
      P.next();
      return 'LtE';
    case T.NE:
      P.next();
      return 'NotEq';
    case T.KW_IN:
      P.next();
      return 'In';
    case T.KW_NOT:
      if (P.peek() !== T.KW_IN) return null;
      P.next();
      P.next();
      return 'NotIn';
    case T.KW_IS:
      P.next();
      if (P.eat(T.KW_NOT)) return 'IsNot';
      return 'Is';
    default:
      return null;
  }
}

function comparison(P: P): Operand {
  const m = P.mark();
  const t = P.p;
  const o = bitwiseOr(P);
  let op = compareOp(P);
  if (op === null) return o;
  const ops: string[] = [];
  const args = [P.key(o)];
  while (op !== null) {
    ops.push(op);
    args.push(P.key(bitwiseOr(P)));
    op = compareOp(P);
  }
  const id = P.finish('comparison_operator', m, t);
  P.hal(id, ops, args);
  return UNIQUE;
}

export function bitwiseOr(P: P): Operand {
  return binary(P, 1);
}

function binary(P: P, minPrec: number): Operand {
  const m = P.mark();
  const t = P.p;
  let left = factor(P);
  for (;;) {
    const prec = PREC[P.k] ?? 0;
    if (prec === 0 || prec < minPrec) return left;
    const name = BINOP[P.k] ?? '';
    P.next();
    const right = binary(P, prec + 1);
    const id = P.finish('binary_operator', m, t);
    P.hal(id, [name], [P.key(left), P.key(right)]);
    left = UNIQUE;
  }
}

function factor(P: P): Operand {
  const k = P.k;
  if (k !== T.MINUS && k !== T.PLUS && k !== T.TILDE) return power(P);
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  P.enter();
  const o = factor(P);
  P.leave();
  const id = P.finish('unary_operator', m, t);
  P.hal(id, [UNARY[k === T.MINUS ? '-' : k === T.PLUS ? '+' : '~'] ?? 'UAdd'], [P.key(o)]);
  return UNIQUE;
}

function power(P: P): Operand {
  const m = P.mark();
  const t = P.p;
  let o: Operand;
  if (P.k === T.KW_AWAIT) {
    P.q(t);
    P.next();
    primary(P);
    o = UNIQUE;
  } else {
    o = primary(P);
  }
  if (P.k !== T.DSTAR) return o;
  P.next();
  const r = factor(P);
  const id = P.finish('binary_operator', m, t);
  P.hal(id, ['Pow'], [P.key(o), P.key(r)]);
  return UNIQUE;
}

function primary(P: P): Operand {
  let o = atom(P);
  for (;;) {
    switch (P.k) {
      case T.DOT:
        P.next();
        o = P.p;
        P.expect(T.NAME);
        break;
      case T.LPAR:
        callArgs(P);
        o = UNIQUE;
        break;
      case T.LSQB:
        subscript(P);
        o = UNIQUE;
        break;
      default:
        return o;
    }
  }
}

function atom(P: P): Operand {
  const t = P.p;
  switch (P.k) {
    case T.NAME:
    case T.NUMBER:
    case T.KW_NONE:
    case T.KW_TRUE:
    case T.KW_FALSE:
    case T.ELLIPSIS:
      P.q(t);
      P.next();
      return t;
    case T.STRING:
    case T.FSTART:
      return strings(P);
    case T.LPAR:
      return paren(P);
    case T.LSQB:
      return list(P);
    case T.LBRACE:
      return dictOrSet(P);
    default:
      return P.fail();
  }
}
