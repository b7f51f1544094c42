// Statements. Each returns radon's end-line row of the last statement it parsed (P.qmax as the
// statement left it), or -1 for the statements radon's end-line rule does not look into (defs,
// classes and asserts), whose rows are also kept out of the enclosing block's P.qmax.
import { callArgs, targetList } from './atoms.js';
import { bitwiseOr, expression, namedExpression, starExpressions } from './expressions.js';
import { matchStatement } from './match.js';
import type { ParserCore } from './parser-core.js';
import { matching, smallStatement } from './simple-statements.js';
import * as T from './tokens.js';
import { unsupported } from './tokens.js';

type P = ParserCore;

/** The whole file. */
export function parseModule(P: P): void {
  const m = P.mark();
  while (P.k !== T.EOF) statement(P);
  P.finish('module', m, 0);
}

function statement(P: P): number {
  switch (P.k) {
    case T.KW_DEF:
    case T.KW_CLASS:
    case T.AT:
      return skipped(P, definition);
    case T.KW_ASYNC: {
      const k = P.peek();
      if (k === T.KW_DEF) return skipped(P, definition);
      if (k === T.KW_FOR) return compound(P, forStatement);
      if (k === T.KW_WITH) return compound(P, withStatement);
      return P.fail();
    }
    case T.KW_IF:
      return compound(P, ifStatement);
    case T.KW_WHILE:
      return compound(P, whileStatement);
    case T.KW_FOR:
      return compound(P, forStatement);
    case T.KW_TRY:
      return compound(P, tryStatement);
    case T.KW_WITH:
      return compound(P, withStatement);
    case T.NAME:
      if (P.is(P.p, 'match') && endsWithColon(P)) return compound(P, matchStatement);
      return simpleStatements(P);
    case T.INDENT:
      return P.fail();
    default:
      return simpleStatements(P);
  }
}

function endsWithColon(P: P): boolean {
  let j = P.p;
  while (P.kind[j] !== T.NEWLINE && P.kind[j] !== T.EOF) j++;
  return P.kind[j - 1] === T.COLON;
}

function compound(P: P, fn: (P: P) => void): number {
  const outer = P.qmax;
  P.qmax = -1;
  fn(P);
  const q = P.qmax;
  if (outer > q) P.qmax = outer;
  return q;
}

function skipped(P: P, fn: (P: P) => void): number {
  const outer = P.qmax;
  fn(P);
  P.qmax = outer;
  return -1;
}

/** A suite after `:`; sets P.lastQ, P.blockQ and P.blockDoc. */
export function suite(P: P): void {
  const outer = P.qmax;
  P.qmax = -1;
  let lastQ = -1;
  let doc: [number, number] | null = null;
  const m = P.mark();
  const t0 = P.p;
  if (P.k === T.NEWLINE) {
    P.next();
    if (P.cur() !== T.INDENT) P.fail();
    P.next();
    const t = P.p;
    P.docAt = t;
    lastQ = statement(P);
    if (P.docFor === t) doc = P.docRows;
    while (P.cur() !== T.DEDENT) lastQ = statement(P);
    P.finish('block', m, t);
    P.next();
  } else {
    P.docAt = t0;
    lastQ = simpleStatements(P, () => {
      if (P.docFor === t0) doc = P.docRows;
    });
    P.finish('block', m, t0);
  }
  P.lastQ = lastQ;
  P.blockQ = P.qmax;
  P.blockDoc = doc;
  if (outer > P.qmax) P.qmax = outer;
}

function simpleStatements(P: P, afterFirst?: () => void): number {
  let last = -1;
  for (;;) {
    const outer = P.qmax;
    P.qmax = -1;
    const skip = P.k === T.KW_ASSERT;
    smallStatement(P);
    if (afterFirst) {
      afterFirst();
      afterFirst = undefined;
    }
    const q = P.qmax;
    P.qmax = skip || outer > q ? outer : q;
    last = skip ? -1 : q;
    if (!P.eat(T.SEMI) || P.k === T.NEWLINE) break;
  }
  P.expect(T.NEWLINE);
  return last;
}

function definition(P: P): void {
  if (P.k === T.AT) {
    const m = P.mark();
    const t = P.p;
    while (P.eat(T.AT)) {
      namedExpression(P);
      P.expect(T.NEWLINE);
    }
    if (P.cur() === T.KW_CLASS) classDef(P);
    else funcDef(P);
    P.finish('decorated_definition', m, t);
  } else if (P.k === T.KW_CLASS) {
    classDef(P);
  } else {
    funcDef(P);
  }
}

function funcDef(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.eat(T.KW_ASYNC);
  P.expect(T.KW_DEF);
  const name = P.p;
  P.expect(T.NAME);
  if (P.k === T.LSQB) unsupported('type parameters');
  P.expect(T.LPAR);
  const n = parameters(P);
  if (P.eat(T.ARROW)) expression(P);
  P.expect(T.COLON);
  suite(P);
  const id = P.finish('function_definition', m, t);
  P.name.set(id, P.text(name));
  P.params.set(id, n);
  P.lastLine.set(id, P.lastQ >= 0 ? P.lastQ + 1 : -1);
  if (P.blockDoc) P.doc.set(id, P.blockDoc);
}

/** A def's parameters after `(`, through `)`; returns how many there are. */
function parameters(P: P): number {
  let n = 0;
  while (P.k !== T.RPAR) {
    if (P.eat(T.SLASH)) {
      // positional-only marker
    } else if (P.eat(T.STAR)) {
      if (P.k === T.NAME) {
        n++;
        P.next();
        if (P.eat(T.COLON)) starAnnotation(P);
      }
    } else if (P.eat(T.DSTAR)) {
      n++;
      P.expect(T.NAME);
      if (P.eat(T.COLON)) expression(P);
    } else {
      n++;
      P.expect(T.NAME);
      if (P.eat(T.COLON)) expression(P);
      if (P.eat(T.EQUAL)) expression(P);
    }
    if (!P.eat(T.COMMA)) break;
  }
  P.expect(T.RPAR);
  return n;
}

function starAnnotation(P: P): void {
  if (P.eat(T.STAR)) expression(P);
  else expression(P);
}

function classDef(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.expect(T.KW_CLASS);
  const name = P.p;
  P.expect(T.NAME);
  if (P.k === T.LSQB) unsupported('type parameters');
  if (P.k === T.LPAR) callArgs(P);
  P.expect(T.COLON);
  suite(P);
  const id = P.finish('class_definition', m, t);
  P.name.set(id, P.text(name));
  P.lastLine.set(id, P.blockQ >= 0 ? P.blockQ + 1 : -1);
}

function elseClause(P: P): void {
  if (P.k !== T.KW_ELSE) return;
  const m = P.mark();
  const t = P.p;
  P.next();
  P.expect(T.COLON);
  suite(P);
  P.finish('else_clause', m, t);
}

function ifStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  namedExpression(P);
  P.expect(T.COLON);
  suite(P);
  while (P.k === T.KW_ELIF) {
    const m2 = P.mark();
    const t2 = P.p;
    P.q(t2);
    P.next();
    namedExpression(P);
    P.expect(T.COLON);
    suite(P);
    P.finish('elif_clause', m2, t2);
  }
  elseClause(P);
  P.finish('if_statement', m, t);
}

function whileStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  namedExpression(P);
  P.expect(T.COLON);
  suite(P);
  elseClause(P);
  P.finish('while_statement', m, t);
}

function forStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.eat(T.KW_ASYNC);
  P.expect(T.KW_FOR);
  targetList(P);
  P.expect(T.KW_IN);
  starExpressions(P);
  P.expect(T.COLON);
  suite(P);
  elseClause(P);
  P.finish('for_statement', m, t);
}

function tryStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.next();
  P.expect(T.COLON);
  suite(P);
  while (P.k === T.KW_EXCEPT) {
    const m2 = P.mark();
    const t2 = P.p;
    P.q(t2);
    P.next();
    P.eat(T.STAR);
    if (P.cur() !== T.COLON) {
      expression(P);
      if (P.eat(T.KW_AS)) {
        P.q(P.p);
        P.expect(T.NAME);
      }
    }
    P.expect(T.COLON);
    suite(P);
    P.finish('except_clause', m2, t2);
  }
  elseClause(P);
  if (P.eat(T.KW_FINALLY)) {
    P.expect(T.COLON);
    suite(P);
  }
  P.finish('try_statement', m, t);
}

function withItem(P: P): void {
  expression(P);
  if (P.eat(T.KW_AS)) targetList1(P);
}

function targetList1(P: P): void {
  if (P.k === T.STAR) P.fail();
  bitwiseOr(P);
}

function withStatement(P: P): void {
  const m = P.mark();
  const t = P.p;
  P.q(t);
  P.eat(T.KW_ASYNC);
  P.expect(T.KW_WITH);
  if (P.k === T.LPAR && P.kind[matching(P, P.p) + 1] === T.COLON) {
    P.next();
    while (P.cur() !== T.RPAR) {
      withItem(P);
      if (!P.eat(T.COMMA)) break;
    }
    P.expect(T.RPAR);
  } else {
    do withItem(P);
    while (P.eat(T.COMMA));
  }
  P.expect(T.COLON);
  suite(P);
  P.finish('with_statement', m, t);
}
