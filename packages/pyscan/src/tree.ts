// Parsing, and an index of the syntax nodes the metrics need.
// Every call from JavaScript into tree-sitter's WebAssembly costs about a microsecond, and a full
// walk of a file's tree makes several per node; a single query instead collects only the node
// kinds that count (statements that decide, operators, defs, blocks...) in one call. The index
// keeps them in pre-order with parent links and subtree sizes (the subtree of entry i is the range
// [i, i + size[i])), so analyses are plain loops; tree-sitter nodes stay reachable (TsDetails) for
// the few details fetched on demand (names, operands, a def's last statement). The fast parser
// (fast-parse/) builds the same index without tree-sitter.
import type { Node, Tree } from 'web-tree-sitter';
import { INDEXED_TYPES, need } from './grammar.js';
import type { IndexDetails } from './index-details.js';
import { TsDetails } from './ts-details.js';

/**
 * Deepest tree level the query looks at. tree-sitter's query cursor keeps a state's start depth in
 * 16 bits: past 65,535 levels (a 1 MB `1 + 1 + …` is one left-deep chain of 300,000 levels) it
 * loses track of its states and every node costs time proportional to the depth reached so far,
 * which made such a file take minutes. CPython refuses any file nested a small fraction as deep
 * (checkSource reports it), so nothing a valid file holds is left out.
 */
export const MAX_QUERY_DEPTH = 50_000;

/** The indexed nodes of one parsed file, in pre-order. */
export interface SyntaxIndex {
  src: string;
  count: number;
  type: string[];
  start: Int32Array;
  end: Int32Array;
  /** 0-based start row. */
  row: Int32Array;
  /** Innermost indexed ancestor, or -1. */
  parent: Int32Array;
  size: Int32Array;
  /** Names, operands, end lines… of indexed nodes, from whichever parser built the index. */
  details: IndexDetails;
  hasError: boolean;
  /** Offsets where each line starts. */
  lineStarts: Int32Array;
}

/** A parsed file: its index, and the tree to release when done. */
export interface Parsed {
  index: SyntaxIndex;
  tree: Tree;
}

// Same-range nodes must nest outer-first: the module or a block around a lone statement.
function rank(type: string): number {
  return type === 'module' ? 0 : type === 'block' ? 1 : 2;
}

export function lineStartsOf(src: string): Int32Array {
  let n = 1;
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) n++;
  const out = new Int32Array(n);
  let k = 1;
  for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) out[k++] = i + 1;
  return out;
}

/** Parses source text and indexes it; call tree.delete() when finished with the index's nodes. */
export function parseIndexed(src: string): Parsed {
  const { parser } = need();
  const tree = parser.parse(src);
  if (!tree) throw new Error('pyscan: tree-sitter returned no tree');
  try {
    const root = tree.rootNode;
    const hasError = root.hasError;
    const found = hasError ? capturedNodes(root) : typedNodes(root);
    return { index: indexOf(src, found, hasError), tree };
  } catch (err) {
    tree.delete();
    throw err;
  }
}

/** The indexed nodes of a tree in pre-order, with their kinds. */
interface Found {
  nodes: Node[];
  types: string[];
}

// descendantsOfType walks the tree inside the WebAssembly module in one call, in pre-order, and
// costs about half as much as the equivalent query. It matches by name, so the `lambda` keyword
// comes along with the `lambda` expression and is dropped here. It cannot look for ERROR nodes
// (the error symbol makes it return nothing), which only a tree with errors holds: those go
// through capturedNodes.
function typedNodes(root: Node): Found {
  const { typeNames, namedTypes } = need();
  const all = root.descendantsOfType(SEARCHED_TYPES, ORIGIN, FAR_END);
  const nodes: Node[] = [];
  const types: string[] = [];
  for (const node of all) {
    if (!node) continue;
    const id = node.typeId;
    if (namedTypes[id] !== 1) continue;
    nodes.push(node);
    types.push(typeNames[id] ?? '');
  }
  return { nodes, types };
}

const SEARCHED_TYPES = INDEXED_TYPES.filter((t) => t !== 'ERROR');
const ORIGIN = { row: 0, column: 0 };
// Rows and columns travel as 32-bit signed integers into the module.
const FAR_END = { row: 0x7fffffff, column: 0x7fffffff };

// The query finds ERROR nodes too; its captures come grouped by pattern, so they are put in
// pre-order here (same-range nodes nest outer-first: the module or a block around a lone statement).
function capturedNodes(root: Node): Found {
  const caps = need().query.captures(root, { maxStartDepth: MAX_QUERY_DEPTH });
  const n = caps.length;
  const order = new Array<number>(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const node = caps[i]?.node;
    order[i] = i;
    starts[i] = node?.startIndex ?? 0;
    ends[i] = node?.endIndex ?? 0;
  }
  order.sort(
    (a, b) =>
      (starts[a] ?? 0) - (starts[b] ?? 0) ||
      (ends[b] ?? 0) - (ends[a] ?? 0) ||
      rank(caps[a]?.name ?? '') - rank(caps[b]?.name ?? ''),
  );
  const nodes: Node[] = [];
  const types: string[] = [];
  for (const k of order) {
    const c = caps[k];
    if (!c) continue;
    nodes.push(c.node);
    types.push(c.name);
  }
  return { nodes, types };
}

function indexOf(src: string, found: Found, hasError: boolean): SyntaxIndex {
  const { nodes, types } = found;
  const n = nodes.length;
  const details = new TsDetails(nodes);
  const ix: SyntaxIndex = {
    src,
    count: n,
    type: types,
    start: new Int32Array(n),
    end: new Int32Array(n),
    row: new Int32Array(n),
    parent: new Int32Array(n),
    size: new Int32Array(n),
    details,
    hasError,
    lineStarts: lineStartsOf(src),
  };
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    const node = nodes[i] as Node;
    const s = node.startIndex;
    const e = node.endIndex;
    ix.start[i] = s;
    ix.end[i] = e;
    ix.row[i] = node.startPosition.row;
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) break;
      const te = ix.end[top] ?? 0;
      if (te < e || (te <= s && s < e)) {
        stack.pop();
        ix.size[top] = i - top;
      } else {
        break;
      }
    }
    ix.parent[i] = stack[stack.length - 1] ?? -1;
    stack.push(i);
  }
  for (const top of stack) ix.size[top] = n - top;
  details.ix = ix;
  return ix;
}

/** 0-based row of a source offset. */
export function rowAt(ix: SyntaxIndex, offset: number): number {
  const ls = ix.lineStarts;
  let lo = 0;
  let hi = ls.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((ls[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
