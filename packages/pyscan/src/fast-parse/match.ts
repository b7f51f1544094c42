// `match` statements (Python 3.10), laid out as tree-sitter-python lays them out, since the index
// must not depend on the parser: match_statement > block (from the line break after the `:`) >
// case_clause > case_pattern (one per pattern of the clause, and one per element of a list, tuple,
// class or mapping value pattern, and around an `as` pattern's inner pattern), complex_pattern
// (`1+2j`), if_clause (the guard), block. Union alternatives, mapping keys and keyword values
// have no case_pattern of their own. Halstead: a case_pattern that is exactly `-<number>` is a
// unary minus; a complex_pattern is an addition or subtraction (after a unary minus when it
// starts with `-`). Every token starting a pattern node is marked for radon's end line.

import { strings } from './atoms.js';
import { namedExpression, starNamedExpression, startsExpr } from './expressions.js';
import { type ParserCore, UNIQUE } from './parser-core.js';
import { suite } from './statements.js';
import * as T from './tokens.js';

type P = ParserCore;

/** Whether the current token is the soft keyword `case`. */
function atCase(P: P): boolean {
  return P.k === T.NAME && P.is(P.p, 'case');
}

export function matchStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  starNamedExpression(P);
  while (P.eat(T.COMMA)) {
    if (!startsExpr(P.k)) break;
    starNamedExpression(P);
  }
  P.expect(T.COLON);
  const mb = P.mark();
  const tb = P.p;
  P.expect(T.NEWLINE);
  if (P.cur() !== T.INDENT) P.fail();
  P.next();
  while (P.cur() !== T.DEDENT) {
    if (!atCase(P)) P.fail();
    caseClause(P);
  }
  P.finish('block', mb, tb);
  P.next();
  P.finish('match_statement', m, t);
}

function caseClause(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.next();
  do {
    if (P.k === T.COLON || P.k === T.KW_IF) break;
    casePattern(P);
  } while (P.eat(T.COMMA));
  if (P.k === T.KW_IF) {
    const mg = P.mark();
    const tg = P.p;
    P.next();
    namedExpression(P);
    P.finish('if_clause', mg, tg);
  }
  P.expect(T.COLON);
  suite(P);
  P.finish('case_clause', m, t);
}

function casePattern(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  if (P.k === T.NAME && P.peek() === T.EQUAL) {
    P.next();
    P.next();
    unionPattern(P);
  } else {
    unionPattern(P);
  }
  while (P.k === T.KW_AS) {
    finishCasePattern(P, m, t);
    P.next();
    P.q(P.p);
    P.expect(T.NAME);
  }
  finishCasePattern(P, m, t);
}

function finishCasePattern(P: P, m: number, t: number): void {
  const id = P.finish('case_pattern', m, t);
  if (P.kind[t] === T.MINUS && P.kind[t + 1] === T.NUMBER && P.p === t + 2)
    P.hal(id, ['USub'], [P.key(t + 1)]);
}

function unionPattern(P: P): void {
  closedPattern(P);
  while (P.eat(T.VBAR)) closedPattern(P);
}

function closedPattern(P: P): void {
  const t = P.p;
  P.q(t);
  switch (P.k) {
    case T.MINUS:
    case T.NUMBER:
      numberPattern(P);
      return;
    case T.STRING:
    case T.FSTART:
      strings(P);
      return;
    case T.KW_NONE:
    case T.KW_TRUE:
    case T.KW_FALSE:
      P.next();
      return;
    case T.NAME:
      P.next();
      while (P.eat(T.DOT)) {
        P.q(P.p);
        P.expect(T.NAME);
      }
      if (P.cur() === T.LPAR) sequence(P, T.RPAR);
      return;
    case T.LSQB:
      sequence(P, T.RSQB);
      return;
    case T.LPAR:
      sequence(P, T.RPAR);
      return;
    case T.LBRACE:
      mapping(P);
      return;
    case T.STAR:
      splat(P);
      return;
    default:
      P.fail();
  }
}

/** `-1`, `2.5`, or a complex literal `1+2j` / `-1-2j` (a complex_pattern). */
function numberPattern(P: P): void {
  const m = P.mark();
  const t = P.p;
  const negative = P.eat(T.MINUS);
  const re = P.p;
  P.q(re);
  P.expect(T.NUMBER);
  const sign = P.cur();
  if ((sign !== T.PLUS && sign !== T.MINUS) || P.peek() !== T.NUMBER) return;
  P.next();
  const im = P.p;
  P.next();
  const id = P.finish('complex_pattern', m, t);
  const op = sign === T.MINUS ? 'Sub' : 'Add';
  if (negative) P.hal(id, ['USub', op], [P.key(re), P.key(UNIQUE), P.key(im)]);
  else P.hal(id, [op], [P.key(re), P.key(im)]);
}

/** A class pattern's arguments, or a list or tuple pattern: case_patterns up to `close`. */
function sequence(P: P, close: number): void {
  P.next();
  while (P.k !== close) {
    casePattern(P);
    if (!P.eat(T.COMMA)) break;
  }
  P.expect(close);
}

function mapping(P: P): void {
  P.next();
  while (P.k !== T.RBRACE) {
    if (P.k === T.DSTAR) {
      splat(P);
    } else {
      unionPattern(P);
      P.expect(T.COLON);
      casePattern(P);
    }
    if (!P.eat(T.COMMA)) break;
  }
  P.expect(T.RBRACE);
}

/** `*name` or `**name`. */
function splat(P: P): void {
  P.q(P.p);
  P.next();
  P.q(P.p);
  P.expect(T.NAME);
}
