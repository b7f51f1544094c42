// Cyclomatic complexity with radon 5.1's rules (radon.visitors.ComplexityVisitor), on the flat tree:
// +1 for if/elif, ternary, assert and each comprehension `for` or `if`; for/while +1 and +1 more
// with an `else`; try +1 per `except` and +1 for an `else` (a try with `except*` adds nothing, as
// Python 3.11's TryStar node is not counted); +1 per `and`/`or`. Decorators, parameters and
// annotations of a def or class are not looked at, nor anything inside an assert.
// A function's complexity is 1 + its own body's decision points (closures are separate blocks);
// a class's real complexity is 1 + its body's decision points + the complexity of its methods.
import { type FlatTree, fieldChild, isTrivia, typeChild } from './tree.js';

/** A function, method or closure as radon sees it. */
export interface CcFunction {
  node: number;
  name: string;
  lineno: number;
  endline: number;
  isMethod: boolean;
  classname: string | null;
  complexity: number;
  closures: CcFunction[];
}

/** A class as radon sees it. */
export interface CcClass {
  node: number;
  name: string;
  lineno: number;
  endline: number;
  methods: CcFunction[];
  innerClasses: CcClass[];
  realComplexity: number;
}

/** Module-level result: top-level functions and classes plus the total used by MI. */
export interface CcModule {
  functions: CcFunction[];
  classes: CcClass[];
  totalComplexity: number;
}

interface StmtScan {
  complexity: number;
  defs: number[];
  classes: number[];
  maxLine: number;
}

const COMPREHENSIONS = new Set([
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
  'generator_expression',
]);

function hasElse(t: FlatTree, i: number): boolean {
  return typeChild(t, i, 'else_clause') >= 0;
}

function tryIncrement(t: FlatTree, i: number): number {
  let handlers = 0;
  for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) {
    if (t.type[k] !== 'except_clause') continue;
    if (typeChild(t, k, '*') >= 0) return 0;
    handlers++;
  }
  return handlers + (hasElse(t, i) ? 1 : 0);
}

// tree-sitter nodes with no Python AST node (hence no line number radon could see) behind them.
const NO_POSITION = new Set([
  'block',
  'else_clause',
  'finally_clause',
  'line_continuation',
  'string_start',
  'string_content',
  'string_end',
  'escape_sequence',
  'escape_interpolation',
  'type_conversion',
  'argument_list',
  'parameters',
  'lambda_parameters',
  'with_clause',
  'with_item',
  'case_clause',
  'for_in_clause',
  'if_clause',
]);

function hasPythonPosition(t: FlatTree, j: number): boolean {
  const ty = t.type[j] ?? '';
  if (NO_POSITION.has(ty)) return false;
  const parent = t.type[t.parent[j] ?? 0];
  // An attribute's name is a plain string in the AST; an implicitly concatenated string is one node.
  if (ty === 'identifier' && t.field[j] === 'attribute' && parent === 'attribute') return false;
  if (ty === 'string' && parent === 'concatenated_string') return false;
  return true;
}

/** Decision points of one statement subtree, stopping at nested defs, classes and asserts. */
function scanStatement(t: FlatTree, root: number): StmtScan {
  const out: StmtScan = { complexity: 0, defs: [], classes: [], maxLine: -1 };
  const stop = root + (t.size[root] ?? 1);
  let j = root;
  while (j < stop) {
    const ty = t.type[j];
    if (ty === 'function_definition') {
      out.defs.push(j);
      j += t.size[j] ?? 1;
      continue;
    }
    if (ty === 'class_definition') {
      out.classes.push(j);
      j += t.size[j] ?? 1;
      continue;
    }
    if (ty === 'decorated_definition') {
      const def = fieldChild(t, j, 'definition');
      j = def >= 0 ? def : j + (t.size[j] ?? 1);
      continue;
    }
    if (ty === 'assert_statement') {
      out.complexity++;
      j += t.size[j] ?? 1;
      continue;
    }
    if (ty === 'comment') {
      j++;
      continue;
    }
    if (t.named[j] && hasPythonPosition(t, j)) {
      const line = (t.row[j] ?? 0) + 1;
      if (line > out.maxLine) out.maxLine = line;
    }
    switch (ty) {
      case 'if_statement':
      case 'elif_clause':
      case 'conditional_expression':
      case 'boolean_operator':
      case 'for_in_clause':
        out.complexity++;
        break;
      case 'if_clause':
        if (COMPREHENSIONS.has(t.type[t.parent[j] ?? 0] ?? '')) out.complexity++;
        break;
      case 'for_statement':
      case 'while_statement':
        out.complexity += 1 + (hasElse(t, j) ? 1 : 0);
        break;
      case 'try_statement':
        out.complexity += tryIncrement(t, j);
        break;
    }
    j++;
  }
  return out;
}

/** Statement children of a block (comments left out). */
function statementsOf(t: FlatTree, block: number): number[] {
  const out: number[] = [];
  if (block < 0 || t.size[block] === 1) return out;
  for (let k = block + 1; k >= 0; k = t.next[k] ?? -1) {
    if (t.named[k] && !isTrivia(t, k)) out.push(k);
  }
  return out;
}

function nameOf(t: FlatTree, def: number): string {
  const n = fieldChild(t, def, 'name');
  return n >= 0 ? t.src.slice(t.start[n], t.end[n]) : '';
}

interface Pending {
  def: number;
  isMethod: boolean;
  classname: string | null;
  into: CcFunction[];
}

/**
 * Builds radon's function and class blocks. Work items are processed from explicit queues, so
 * deeply nested code cannot overflow the call stack.
 */
export function analyzeCc(t: FlatTree): CcModule {
  const functions: CcFunction[] = [];
  const classes: CcClass[] = [];
  const fnQueue: Pending[] = [];
  const classQueue: { def: number; into: CcClass[] }[] = [];
  let moduleComplexity = 1;
  for (const stmt of statementsOf(t, 0)) {
    const s = scanStatement(t, stmt);
    moduleComplexity += s.complexity;
    for (const d of s.defs) fnQueue.push({ def: d, isMethod: false, classname: null, into: functions });
    for (const c of s.classes) classQueue.push({ def: c, into: classes });
  }
  const allFns: CcFunction[] = [];
  const allClasses: CcClass[] = [];
  while (fnQueue.length > 0 || classQueue.length > 0) {
    const f = fnQueue.pop();
    if (f) {
      const fn = buildFunction(t, f, fnQueue);
      f.into.push(fn);
      allFns.push(fn);
      continue;
    }
    const c = classQueue.pop();
    if (c) {
      const cls = buildClass(t, c.def, fnQueue, classQueue);
      c.into.push(cls);
      allClasses.push(cls);
    }
  }
  // Sub-blocks were collected in reverse (stack order); radon lists them in source order.
  for (const fn of allFns) fn.closures.sort((a, b) => a.node - b.node);
  for (const c of allClasses) {
    c.methods.sort((a, b) => a.node - b.node);
    c.innerClasses.sort((a, b) => a.node - b.node);
  }
  functions.sort((a, b) => a.node - b.node);
  classes.sort((a, b) => a.node - b.node);
  // A class's end line and real complexity include its methods', known only now.
  for (const c of allClasses) {
    for (const m of c.methods) {
      c.realComplexity += m.complexity;
      if (m.endline > c.endline) c.endline = m.endline;
    }
  }
  let total = moduleComplexity;
  for (const fn of functions) total += fn.complexity - 1;
  for (const c of classes) total += c.realComplexity - 1;
  return { functions, classes, totalComplexity: total };
}

function buildFunction(t: FlatTree, p: Pending, queue: Pending[]): CcFunction {
  const lineno = (t.row[p.def] ?? 0) + 1;
  const fn: CcFunction = {
    node: p.def,
    name: nameOf(t, p.def),
    lineno,
    endline: lineno,
    isMethod: p.isMethod,
    classname: p.classname,
    complexity: 1,
    closures: [],
  };
  let last: StmtScan | null = null;
  for (const stmt of statementsOf(t, fieldChild(t, p.def, 'body'))) {
    last = scanStatement(t, stmt);
    fn.complexity += last.complexity;
    for (const d of last.defs) queue.push({ def: d, isMethod: false, classname: null, into: fn.closures });
  }
  // radon takes the end line from the last body statement only (nested defs there do not count).
  if (last && last.maxLine > fn.endline) fn.endline = last.maxLine;
  return fn;
}

function buildClass(
  t: FlatTree,
  def: number,
  fnQueue: Pending[],
  classQueue: { def: number; into: CcClass[] }[],
): CcClass {
  const name = nameOf(t, def);
  const lineno = (t.row[def] ?? 0) + 1;
  const cls: CcClass = {
    node: def,
    name,
    lineno,
    endline: lineno,
    methods: [],
    innerClasses: [],
    realComplexity: 1,
  };
  for (const stmt of statementsOf(t, fieldChild(t, def, 'body'))) {
    const s = scanStatement(t, stmt);
    cls.realComplexity += s.complexity;
    if (s.maxLine > cls.endline) cls.endline = s.maxLine;
    for (const d of s.defs) fnQueue.push({ def: d, isMethod: true, classname: name, into: cls.methods });
    for (const c of s.classes) classQueue.push({ def: c, into: cls.innerClasses });
  }
  return cls;
}

/** radon's class complexity: real complexity over the methods, plus one when there are several. */
export function classComplexity(c: CcClass): number {
  const n = c.methods.length;
  if (n === 0) return c.realComplexity;
  return Math.trunc(c.realComplexity / n) + (n > 1 ? 1 : 0);
}
