// Cognitive complexity after SonarSource's definition (G. Ann Campbell, "Cognitive Complexity",
// 2017), applied to Python:
// - +1 plus the current nesting level for if, ternary, for, while, except and match;
// - +1 (no nesting penalty) for elif and for the else of an if;
// - +1 per sequence of like boolean operators (`a and b and c` is 1, `a and b or c` is 2);
// - bodies of those structures, lambdas and ternary branches are one level deeper.
// Nested defs and classes are left out: each def is measured on its own row.
import type { Scopes } from './scopes.js';
import type { SyntaxIndex } from './tree.js';

const NESTING_PARENTS = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'except_clause',
  'case_clause',
]);

/** Cognitive complexity of one def's body. */
export function cognitiveComplexity(ix: SyntaxIndex, sc: Scopes, def: number): number {
  const body = sc.body[def] ?? -1;
  if (body < 0) return 0;
  const stop = body + (ix.size[body] ?? 1);
  const ends: number[] = [];
  let total = 0;
  let j = body + 1;
  while (j < stop) {
    while (ends.length > 0 && j >= (ends[ends.length - 1] ?? 0)) ends.pop();
    const nesting = ends.length;
    switch (ix.type[j]) {
      case 'function_definition':
      case 'class_definition':
      case 'decorated_definition':
        j += ix.size[j] ?? 1;
        continue;
      case 'if_statement':
      case 'for_statement':
      case 'while_statement':
      case 'except_clause':
      case 'match_statement':
        total += 1 + nesting;
        break;
      case 'conditional_expression':
        total += 1 + nesting;
        ends.push(j + (ix.size[j] ?? 1));
        break;
      case 'lambda':
        ends.push(j + (ix.size[j] ?? 1));
        break;
      case 'elif_clause':
        total += 1;
        break;
      case 'else_clause':
        if (ix.type[ix.parent[j] ?? 0] === 'if_statement') total += 1;
        break;
      case 'boolean_operator':
        if (!ix.details.continuesChain(j)) total += 1;
        break;
      case 'block':
        if (NESTING_PARENTS.has(ix.type[ix.parent[j] ?? 0] ?? '')) ends.push(j + (ix.size[j] ?? 1));
        break;
    }
    j++;
  }
  return total;
}
