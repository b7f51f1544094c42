// Bracketed atoms, strings, comprehensions, calls, subscripts and lambdas.
import { stringValue } from '../py-literals.js';
import {
  bitwiseOr,
  disjunction,
  expression,
  namedExpression,
  starExpressions,
  starNamedExpression,
  startsExpr,
} from './expressions.js';
import { type Operand, type ParserCore, UNIQUE } from './parser-core.js';
import * as T from './tokens.js';

type P = ParserCore;

/** One string literal or an implicit concatenation; f-strings have their fields parsed. */
export function strings(P: P): Operand {
  const first = P.p;
  P.q(first);
  if (P.k === T.STRING && P.peek() !== T.STRING && P.peek() !== T.FSTART) {
    P.next();
    P.strFirst = first;
    P.strLast = first;
    P.strAfter = P.p;
    return first;
  }
  let formatted = false;
  const parts: number[] = [];
  let last = first;
  for (;;) {
    if (P.k === T.STRING) {
      parts.push(P.p);
      last = P.p;
      P.next();
    } else if (P.k === T.FSTART) {
      formatted = true;
      P.next();
      while (P.cur() !== T.FEND) field(P);
      last = P.p;
      P.next();
    } else {
      break;
    }
  }
  P.strFirst = first;
  P.strLast = last;
  P.strAfter = P.p;
  if (formatted) return UNIQUE;
  let acc = '';
  let bytes = false;
  for (const t of parts) {
    const v = stringValue(P.text(t));
    if (!v) return UNIQUE;
    acc += v.value;
    bytes = v.bytes;
  }
  return P.keyed(`${bytes ? 'b' : 's'}:${acc}`);
}

/** An f-string replacement field: `{` expression [format spec with nested fields] `}`. */
function field(P: P): void {
  P.q(P.p);
  P.expect(T.FOPEN);
  if (P.k === T.KW_YIELD) yieldExpr(P);
  else starExpressions(P);
  if (P.k === T.FSPEC) {
    P.q(P.p);
    P.next();
    while (P.cur() === T.FOPEN) field(P);
  }
  P.expect(T.FCLOSE);
}

function isFor(P: P): boolean {
  return P.k === T.KW_FOR || (P.k === T.KW_ASYNC && P.peek() === T.KW_FOR);
}

/** The `for … in …` and `if …` clauses of a comprehension. */
function compClauses(P: P): void {
  for (;;) {
    const m = P.mark();
    const t = P.p;
    if (isFor(P)) {
      P.eat(T.KW_ASYNC);
      P.next();
      targetList(P);
      P.expect(T.KW_IN);
      disjunction(P);
      P.finish('for_in_clause', m, t);
    } else if (P.k === T.KW_IF) {
      P.next();
      disjunction(P);
      P.finish('if_clause', m, t);
    } else {
      return;
    }
  }
}

/** Assignment targets up to `in` or `=` (for loops, comprehensions). */
export function targetList(P: P): void {
  for (;;) {
    if (P.k === T.STAR) {
      P.q(P.p);
      P.next();
    }
    bitwiseOr(P);
    if (!P.eat(T.COMMA)) return;
    if (P.k !== T.STAR && !startsExpr(P.k)) return;
  }
}

export function paren(P: P): Operand {
  const t = P.p;
  const m = P.mark();
  P.q(t);
  P.next();
  if (P.eat(T.RPAR)) return UNIQUE;
  if (P.k === T.KW_YIELD) {
    yieldExpr(P);
    P.expect(T.RPAR);
    return UNIQUE;
  }
  const o = starNamedExpression(P);
  if (isFor(P)) {
    compClauses(P);
    P.expect(T.RPAR);
    P.finish('generator_expression', m, t);
    return UNIQUE;
  }
  if (P.k !== T.COMMA) {
    P.expect(T.RPAR);
    return o;
  }
  while (P.eat(T.COMMA)) {
    if (P.cur() === T.RPAR) break;
    starNamedExpression(P);
  }
  P.expect(T.RPAR);
  return UNIQUE;
}

export function list(P: P): Operand {
  const t = P.p;
  const m = P.mark();
  P.q(t);
  P.next();
  if (P.eat(T.RSQB)) return UNIQUE;
  starNamedExpression(P);
  if (isFor(P)) {
    compClauses(P);
    P.expect(T.RSQB);
    P.finish('list_comprehension', m, t);
    return UNIQUE;
  }
  while (P.eat(T.COMMA)) {
    if (P.k === T.RSQB) break;
    starNamedExpression(P);
  }
  P.expect(T.RSQB);
  return UNIQUE;
}

function dictItem(P: P): void {
  if (P.k === T.DSTAR) {
    P.q(P.p);
    P.next();
    bitwiseOr(P);
    return;
  }
  expression(P);
  P.expect(T.COLON);
  expression(P);
}

export function dictOrSet(P: P): Operand {
  const t = P.p;
  const m = P.mark();
  P.q(t);
  P.next();
  if (P.eat(T.RBRACE)) return UNIQUE;
  let dict = true;
  if (P.k === T.DSTAR) {
    dictItem(P);
  } else {
    starNamedExpression(P);
    if (P.eat(T.COLON)) expression(P);
    else dict = false;
  }
  if (isFor(P)) {
    compClauses(P);
    P.expect(T.RBRACE);
    P.finish(dict ? 'dictionary_comprehension' : 'set_comprehension', m, t);
    return UNIQUE;
  }
  while (P.eat(T.COMMA)) {
    if (P.k === T.RBRACE) break;
    if (dict) dictItem(P);
    else starNamedExpression(P);
  }
  P.expect(T.RBRACE);
  return UNIQUE;
}

/** A call's arguments from its `(`; a lone generator argument is a generator_expression. */
export function callArgs(P: P): void {
  const t = P.p;
  const m = P.mark();
  P.next();
  let first = true;
  while (P.k !== T.RPAR) {
    if (P.k === T.STAR || P.k === T.DSTAR) {
      P.q(P.p);
      P.next();
      expression(P);
    } else if (P.k === T.NAME && P.peek() === T.EQUAL) {
      P.q(P.p);
      P.next();
      P.next();
      expression(P);
    } else {
      namedExpression(P);
      if (first && isFor(P)) {
        compClauses(P);
        P.expect(T.RPAR);
        P.q(t);
        P.finish('generator_expression', m, t);
        return;
      }
    }
    first = false;
    if (!P.eat(T.COMMA)) break;
  }
  P.expect(T.RPAR);
}

function endsSlice(k: number): boolean {
  return k === T.COLON || k === T.COMMA || k === T.RSQB;
}

function slice(P: P): void {
  if (P.k === T.STAR) {
    P.q(P.p);
    P.next();
    bitwiseOr(P);
    return;
  }
  if (P.k === T.COLON) {
    P.q(P.p);
  } else {
    namedExpression(P);
    if (P.k !== T.COLON) return;
  }
  P.next();
  if (!endsSlice(P.k)) expression(P);
  if (P.eat(T.COLON) && !endsSlice(P.k)) expression(P);
}

export function subscript(P: P): void {
  P.next();
  for (;;) {
    slice(P);
    if (!P.eat(T.COMMA) || P.k === T.RSQB) break;
  }
  P.expect(T.RSQB);
}

export function lambda(P: P): Operand {
  const t = P.p;
  const m = P.mark();
  P.q(t);
  P.next();
  while (P.k !== T.COLON) {
    if (P.k === T.STAR || P.k === T.DSTAR || P.k === T.SLASH) {
      P.q(P.p);
      const star = P.k !== T.SLASH;
      P.next();
      if (star && P.cur() === T.NAME) P.next();
    } else {
      P.q(P.p);
      P.expect(T.NAME);
      if (P.eat(T.EQUAL)) expression(P);
    }
    if (!P.eat(T.COMMA)) break;
  }
  P.expect(T.COLON);
  P.enter();
  expression(P);
  P.leave();
  P.finish('lambda', m, t);
  return UNIQUE;
}

export function yieldExpr(P: P): Operand {
  P.q(P.p);
  P.next();
  if (P.eat(T.KW_FROM)) expression(P);
  else if (startsExpr(P.k)) starExpressions(P);
  return UNIQUE;
}
