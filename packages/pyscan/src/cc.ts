// Cyclomatic complexity with radon 5.1's rules (radon.visitors.ComplexityVisitor):
// +1 for if/elif, ternary, assert and each comprehension `for` or `if`; for/while +1 and +1 more
// with an `else`; try +1 per `except` and +1 for an `else` (a try with `except*` adds nothing, as
// Python 3.11's TryStar node is not counted); +1 per `and`/`or`. Decorators, parameters and
// annotations of a def or class are not looked at, nor anything inside an assert.
// A function's complexity is 1 + its own body's decision points (closures are separate blocks);
// a class's real complexity is 1 + its body's decision points + the complexity of its methods.
import { MODULE, type Scopes, UNSEEN } from './scopes.js';
import type { SyntaxIndex } from './tree.js';

/** A function, method or closure as radon sees it. */
export interface CcFunction {
  node: number;
  name: string;
  lineno: number;
  endline: number;
  isMethod: boolean;
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

const COMPREHENSIONS = new Set([
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
  'generator_expression',
]);

/** Decision points each node adds to its owner. */
function increments(ix: SyntaxIndex): Int32Array {
  const inc = new Int32Array(ix.count);
  for (let i = 0; i < ix.count; i++) {
    const p = ix.parent[i] ?? -1;
    switch (ix.type[i]) {
      case 'if_statement':
      case 'elif_clause':
      case 'conditional_expression':
      case 'boolean_operator':
      case 'for_in_clause':
      case 'assert_statement':
        inc[i] = (inc[i] ?? 0) + 1;
        break;
      case 'if_clause':
        if (p >= 0 && COMPREHENSIONS.has(ix.type[p] ?? '')) inc[i] = 1;
        break;
      case 'for_statement':
      case 'while_statement':
        inc[i] = (inc[i] ?? 0) + 1;
        break;
      case 'else_clause': {
        const pt = ix.type[p];
        // An else adds to a loop or a try, and is counted on that statement.
        if (pt === 'for_statement' || pt === 'while_statement' || pt === 'try_statement')
          inc[p] = (inc[p] ?? 0) + 1;
        break;
      }
      case 'except_clause':
        if (p >= 0) inc[p] = (inc[p] ?? 0) + 1;
        // Python 3.11 parses try/except* as TryStar, which radon 5.1 does not count at all.
        if (p >= 0 && /^except\s*\*/.test(ix.src.slice(ix.start[i], (ix.start[i] ?? 0) + 40))) inc[p] = -1e9;
        break;
    }
  }
  for (let i = 0; i < ix.count; i++) if ((inc[i] ?? 0) < 0) inc[i] = 0;
  return inc;
}

function nameOf(ix: SyntaxIndex, def: number): string {
  return ix.details.name(def);
}

/** radon's function, class and module complexity for an indexed file. */
export function analyzeCc(ix: SyntaxIndex, sc: Scopes): CcModule {
  const inc = increments(ix);
  const own = new Float64Array(ix.count);
  let moduleComplexity = 1;
  for (let i = 0; i < ix.count; i++) {
    const o = sc.ccOwner[i] ?? UNSEEN;
    const v = inc[i] ?? 0;
    if (v === 0 || o === UNSEEN) continue;
    if (o === MODULE) moduleComplexity += v;
    else own[o] = (own[o] ?? 0) + v;
  }
  const fns = new Map<number, CcFunction>();
  const classes = new Map<number, CcClass>();
  const top: CcModule = { functions: [], classes: [], totalComplexity: 0 };
  // Pre-order: a def's owner is always built before the def itself.
  for (let i = 0; i < ix.count; i++) {
    const ty = ix.type[i];
    if (ty !== 'function_definition' && ty !== 'class_definition') continue;
    const o = sc.ccOwner[i] ?? UNSEEN;
    if (o === UNSEEN) continue;
    const ownerFn = fns.get(o);
    const ownerClass = classes.get(o);
    if (o !== MODULE && !ownerFn && !ownerClass) continue;
    const lineno = (ix.row[i] ?? 0) + 1;
    if (ty === 'function_definition') {
      const fn: CcFunction = {
        node: i,
        name: nameOf(ix, i),
        lineno,
        endline: Math.max(lineno, ix.details.lastLine(i)),
        isMethod: ownerClass !== undefined,
        complexity: 1 + (own[i] ?? 0),
        closures: [],
      };
      fns.set(i, fn);
      if (ownerFn) ownerFn.closures.push(fn);
      else if (ownerClass) ownerClass.methods.push(fn);
      else top.functions.push(fn);
    } else if (!ownerFn) {
      // radon drops classes defined inside functions altogether.
      const cls: CcClass = {
        node: i,
        name: nameOf(ix, i),
        lineno,
        endline: Math.max(lineno, ix.details.lastLine(i)),
        methods: [],
        innerClasses: [],
        realComplexity: 1 + (own[i] ?? 0),
      };
      classes.set(i, cls);
      if (ownerClass) ownerClass.innerClasses.push(cls);
      else top.classes.push(cls);
    }
  }
  // Inner blocks come later in pre-order, so walking backwards settles methods before their class.
  const all = [...classes.values()].sort((a, b) => b.node - a.node);
  for (const c of all) {
    for (const m of c.methods) {
      c.realComplexity += m.complexity;
      if (m.endline > c.endline) c.endline = m.endline;
    }
  }
  let total = moduleComplexity;
  for (const fn of top.functions) total += fn.complexity - 1;
  for (const c of top.classes) total += c.realComplexity - 1;
  top.totalComplexity = total;
  return top;
}

/** radon's class complexity: real complexity over the methods, plus one when there are several. */
export function classComplexity(c: CcClass): number {
  const n = c.methods.length;
  if (n === 0) return c.realComplexity;
  return Math.trunc(c.realComplexity / n) + (n > 1 ? 1 : 0);
}
