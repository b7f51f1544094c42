// radon's end line of a block: the largest line on which a Python AST node starts, among the
// nodes its complexity visitor walks (nested defs, classes and asserts are not walked, and only
// Python AST nodes have a line). Pre-order visits nodes in start order, so walking it backwards
// from the last descendant finds that line at the first node that qualifies.
import type { Node } from 'web-tree-sitter';
import { isNamedType, typeName } from './grammar.js';

const SKIP_SUBTREE = new Set([
  'function_definition',
  'class_definition',
  'decorated_definition',
  'assert_statement',
  'comment',
]);

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
  'ERROR',
]);

/** 1-based line of the last AST node start within node's subtree (radon's max_line), or -1. */
export function lastNodeLine(node: Node): number {
  const c = node.walk();
  try {
    const parents: string[] = [];
    let id = c.nodeTypeId;
    let ty = typeName(id);
    for (;;) {
      // Reverse pre-order: children right to left, each child before its parent.
      if (!SKIP_SUBTREE.has(ty) && c.gotoLastChild()) {
        parents.push(ty);
        id = c.nodeTypeId;
        ty = typeName(id);
        continue;
      }
      for (;;) {
        if (!SKIP_SUBTREE.has(ty) && qualifies(c.currentFieldName, id, ty, parents[parents.length - 1])) {
          return c.startPosition.row + 1;
        }
        if (parents.length > 0 && c.gotoPreviousSibling()) {
          id = c.nodeTypeId;
          ty = typeName(id);
          break;
        }
        if (parents.length === 0 || !c.gotoParent()) return -1;
        ty = parents.pop() ?? '';
        id = c.nodeTypeId;
      }
    }
  } finally {
    c.delete();
  }
}

function qualifies(field: string | null, id: number, ty: string, parent: string | undefined): boolean {
  if (!isNamedType(id) || NO_POSITION.has(ty)) return false;
  // An attribute's name is a plain string in the AST; an implicitly concatenated string is one node.
  if (ty === 'identifier' && field === 'attribute' && parent === 'attribute') return false;
  if (ty === 'string' && parent === 'concatenated_string') return false;
  return true;
}
