// Simple statements (one logical line, several when separated by `;`).
import { BINARY } from '../operators.js';
import { yieldExpr } from './atoms.js';
import { bitwiseOr, expression, starExpressions, startsExpr } from './expressions.js';
import type { ParserCore } from './parser-core.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

type P = ParserCore;

/** Index of the bracket closing the one at token t. */
export function matching(P: P, t: number): number {
  let depth = 0;
  for (let j = t; ; j++) {
    const k = P.kind[j];
    if (k === T.LPAR || k === T.LSQB || k === T.LBRACE) depth++;
    else if (k === T.RPAR || k === T.RSQB || k === T.RBRACE) {
      if (--depth === 0) return j;
    } else if (k === T.EOF || k === undefined) return j;
  }
}

export function smallStatement(P: P): void {
  const t = P.p;
  switch (P.k) {
    case T.KW_PASS:
    case T.KW_BREAK:
    case T.KW_CONTINUE:
      P.q(t);
      P.next();
      return;
    case T.KW_RETURN:
      P.q(t);
      P.next();
      if (startsExpr(P.k)) starExpressions(P);
      return;
    case T.KW_RAISE:
      P.q(t);
      P.next();
      if (startsExpr(P.k)) {
        expression(P);
        if (P.eat(T.KW_FROM)) expression(P);
      }
      return;
    case T.KW_GLOBAL:
    case T.KW_NONLOCAL:
      P.q(t);
      P.next();
      do {
        P.q(P.p);
        P.expect(T.NAME);
      } while (P.eat(T.COMMA));
      return;
    case T.KW_DEL:
      P.q(t);
      P.next();
      do {
        if (!startsExpr(P.k)) break;
        bitwiseOr(P);
      } while (P.eat(T.COMMA));
      return;
    case T.KW_IMPORT:
      P.q(t);
      P.next();
      do {
        dottedName(P);
        alias(P);
      } while (P.eat(T.COMMA));
      return;
    case T.KW_FROM:
      importFrom(P);
      return;
    case T.KW_ASSERT: {
      const m = P.mark();
      P.next();
      expression(P);
      if (P.eat(T.COMMA)) expression(P);
      P.finish('assert_statement', m, t);
      return;
    }
    case T.NAME:
      checkSoftKeyword(P);
      expressionStatement(P);
      return;
    default:
      expressionStatement(P);
  }
}

// tree-sitter reads `print x` and `exec code` as Python 2 statements (a parse error for pyscan)
// and `type X = …` as a 3.12 alias: those lines go to tree-sitter.
function checkSoftKeyword(P: P): void {
  const t = P.p;
  const next = P.peek();
  if (next === T.NAME && P.is(t, 'type')) unsupported('type alias statement');
  if (!P.is(t, 'print') && !P.is(t, 'exec')) return;
  if (next === T.LPAR) {
    const after = P.kind[matching(P, P.p + 1) + 1];
    if (after !== T.NEWLINE && after !== T.SEMI) unsupported('print or exec statement');
    return;
  }
  switch (next) {
    case T.EQUAL:
    case T.DOT:
    case T.LSQB:
    case T.COLON:
    case T.COMMA:
    case T.NEWLINE:
    case T.SEMI:
    case T.AUGASSIGN:
    case T.RPAR:
      return;
    default:
      unsupported('print or exec statement');
  }
}

function dottedName(P: P): void {
  P.q(P.p);
  P.expect(T.NAME);
  while (P.eat(T.DOT)) {
    P.q(P.p);
    P.expect(T.NAME);
  }
}

function alias(P: P): void {
  if (!P.eat(T.KW_AS)) return;
  P.q(P.p);
  P.expect(T.NAME);
}

function importFrom(P: P): void {
  P.q(P.p);
  P.next();
  let dots = 0;
  while (P.k === T.DOT || P.k === T.ELLIPSIS) {
    P.q(P.p);
    P.next();
    dots++;
  }
  const future = dots === 0 && P.k === T.NAME && P.text(P.p) === '__future__';
  if (P.k === T.NAME) dottedName(P);
  else if (dots === 0) P.fail();
  P.expect(T.KW_IMPORT);
  if (P.k === T.STAR) {
    // tree-sitter's grammar has no `from __future__ import *` (CPython refuses it too).
    if (future) unsupported('from __future__ import *');
    P.q(P.p);
    P.next();
    return;
  }
  const paren = P.eat(T.LPAR);
  do {
    if (paren && P.k === T.RPAR) break;
    P.q(P.p);
    P.expect(T.NAME);
    alias(P);
  } while (P.eat(T.COMMA));
  if (paren) P.expect(T.RPAR);
}

function rhs(P: P): number {
  return P.k === T.KW_YIELD ? yieldExpr(P) : starExpressions(P);
}

function expressionStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  const str = P.k === T.STRING || P.k === T.FSTART;
  const o = rhs(P);
  if (str && t === P.docAt && P.strFirst === t) docstring(P, t);
  if (P.k === T.AUGASSIGN) {
    const op = P.text(P.p).slice(0, -1);
    P.next();
    const r = rhs(P);
    const id = P.finish('augmented_assignment', m, t);
    P.hal(id, [BINARY[op] ?? op], [P.key(o), P.key(r)]);
    return;
  }
  if (P.eat(T.COLON)) {
    expression(P);
    if (P.eat(T.EQUAL)) rhs(P);
    return;
  }
  while (P.eat(T.EQUAL)) rhs(P);
}

/** Records the rows of a suite's first statement when it is a lone string (a docstring). */
function docstring(P: P, t: number): void {
  let after = P.strAfter;
  if (P.p !== after) {
    if (P.kind[after] !== T.COMMA || P.p !== after + 1) return;
  }
  after = P.p;
  if (P.k !== T.NEWLINE && P.k !== T.SEMI) return;
  const last = P.strLast;
  let endRow = P.trow[last] ?? 0;
  if (P.kind[last] === T.STRING) {
    const s = P.src;
    for (let i = P.tstart[last] ?? 0, e = P.tend[last] ?? 0; i < e; i++) if (s.charCodeAt(i) === 10) endRow++;
  }
  P.docFor = t;
  P.docRows = [P.trow[t] ?? 0, endRow];
}
