// Python 2 constructs that tree-sitter's grammar parses without an error node and CPython 3 (and so
// radon) refuses. The fast parser refuses them itself (Unsupported), so only the files that fall
// back to tree-sitter are looked at here; print and exec statements and 0777 / 10L literals are
// checked with the index (checkSource).
import type { Node, Tree } from 'web-tree-sitter';

const KINDS = ['except_clause', 'comparison_operator', 'string', 'raise_statement', 'tuple_pattern'];
const ORIGIN = { row: 0, column: 0 };
const FAR_END = { row: 0x7fffffff, column: 0x7fffffff };
const QUOTES = new Set(["'", '"']);

/** What CPython 3 refuses in `node`, or null. */
function refused(node: Node, text: string): string | null {
  switch (node.type) {
    case 'except_clause':
      // `except X, e:` (and `except A, B:`, which only Python 3.14 accepts again); `as` is fine.
      return node.children.some((c) => c?.type === ',') ? 'except X, e:' : null;
    case 'comparison_operator':
      // CPython 3.11's compile() refuses it even under `from __future__ import barry_as_FLUFL`.
      if (!text.slice(node.startIndex, node.endIndex).includes('<>')) return null;
      return node.children.some((c) => c?.type === '<>') ? '<> operator' : null;
    case 'string': {
      const start = node.startIndex;
      const first = text[start] ?? '';
      if (QUOTES.has(first)) return null;
      if (first === '`') return 'backticks';
      let prefix = '';
      for (let i = start; i < node.endIndex && !QUOTES.has(text[i] ?? "'"); i++) prefix += text[i];
      const p = prefix.toLowerCase();
      return p.includes('u') && p.includes('r') ? `${prefix}'' string` : null;
    }
    case 'raise_statement':
      // `raise E, V` (and `raise E, V, T`); `raise (E, V)` is a tuple, valid syntax.
      return node.namedChildren[0]?.type === 'expression_list' ? 'raise E, V' : null;
    case 'tuple_pattern': {
      // `def f(a, (b, c)):` and `lambda (a, b): a`: tuple parameters.
      const t = node.parent?.type;
      return t === 'parameters' || t === 'lambda_parameters' ? 'tuple parameter' : null;
    }
    default:
      return null;
  }
}

/** The parse_error for the first Python 2 construct of `tree` (parsed from `text`), or null. */
export function python2Syntax(tree: Tree, text: string): string | null {
  for (const node of tree.rootNode.descendantsOfType(KINDS, ORIGIN, FAR_END)) {
    if (!node) continue;
    const what = refused(node, text);
    if (what) return `Python 2 syntax (${what}) at line ${node.startPosition.row + 1}`;
  }
  return null;
}
