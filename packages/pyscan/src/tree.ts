// The tree-sitter parse tree copied into flat typed arrays in pre-order, so that every analysis
// walks plain JavaScript data with loops (no recursion, no per-node calls into WebAssembly).
// The subtree of node i is the index range [i, i + size[i]).
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

/** A parse tree in flat pre-order arrays. */
export interface FlatTree {
  src: string;
  count: number;
  type: string[];
  named: Uint8Array;
  field: (string | null)[];
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
  endRow: Int32Array;
  parent: Int32Array;
  size: Int32Array;
  /** Pre-order index of the next sibling, or -1. */
  next: Int32Array;
  hasError: boolean;
}

let parser: Parser | null = null;
let typeNames: string[] = [];
let fieldNames: (string | null)[] = [];
let loading: Promise<void> | null = null;

/** Loads the Python grammar once per thread; later calls reuse it. */
export function initPyscan(): Promise<void> {
  loading ??= (async () => {
    await Parser.init();
    const require = createRequire(import.meta.url);
    const lang = await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm'));
    const p = new Parser();
    p.setLanguage(lang);
    typeNames = [];
    for (let i = 0; i < lang.nodeTypeCount; i++) typeNames.push(lang.nodeTypeForId(i) ?? '');
    fieldNames = [null];
    for (let i = 1; i <= lang.fieldCount; i++) fieldNames.push(lang.fieldNameForId(i));
    parser = p;
  })();
  return loading;
}

function grow(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** Parses Python source into a FlatTree; initPyscan() must have completed. */
export function parseFlat(src: string): FlatTree {
  if (!parser) throw new Error('pyscan: call initPyscan() first');
  const tree = parser.parse(src);
  if (!tree) throw new Error('pyscan: tree-sitter returned no tree');
  try {
    return flatten(tree.walk(), src, tree.rootNode.hasError);
  } finally {
    tree.delete();
  }
}

type Cursor = ReturnType<NonNullable<ReturnType<Parser['parse']>>['walk']>;

function flatten(c: Cursor, src: string, hasError: boolean): FlatTree {
  let cap = 1024;
  let start: Int32Array = new Int32Array(cap);
  let end: Int32Array = new Int32Array(cap);
  let row: Int32Array = new Int32Array(cap);
  let endRow: Int32Array = new Int32Array(cap);
  let parent: Int32Array = new Int32Array(cap);
  let size: Int32Array = new Int32Array(cap);
  let next: Int32Array = new Int32Array(cap);
  let named: Uint8Array = new Uint8Array(cap);
  const type: string[] = [];
  const field: (string | null)[] = [];
  // Ancestors of the current node and, per ancestor, the last child seen (to link siblings).
  const stack: number[] = [];
  const lastChild: number[] = [];
  let n = 0;
  for (;;) {
    if (n === cap) {
      cap *= 2;
      start = grow(start, cap);
      end = grow(end, cap);
      row = grow(row, cap);
      endRow = grow(endRow, cap);
      parent = grow(parent, cap);
      size = grow(size, cap);
      next = grow(next, cap);
      const nm = new Uint8Array(cap);
      nm.set(named);
      named = nm;
    }
    const i = n++;
    type.push(typeNames[c.nodeTypeId] ?? c.nodeType);
    field.push(fieldNames[c.currentFieldId] ?? null);
    named[i] = c.nodeIsNamed ? 1 : 0;
    start[i] = c.startIndex;
    end[i] = c.endIndex;
    row[i] = c.startPosition.row;
    endRow[i] = c.endPosition.row;
    next[i] = -1;
    const depth = stack.length;
    parent[i] = depth > 0 ? (stack[depth - 1] ?? -1) : -1;
    if (depth > 0) {
      const prev = lastChild[depth - 1] ?? -1;
      if (prev >= 0) next[prev] = i;
      lastChild[depth - 1] = i;
    }
    if (c.gotoFirstChild()) {
      stack.push(i);
      lastChild.push(-1);
      continue;
    }
    size[i] = 1;
    let done = false;
    while (!c.gotoNextSibling()) {
      if (!c.gotoParent()) {
        done = true;
        break;
      }
      const p = stack.pop() ?? 0;
      lastChild.pop();
      size[p] = n - p;
    }
    if (done) break;
  }
  return {
    src,
    count: n,
    type,
    named,
    field,
    start,
    end,
    row,
    endRow,
    parent,
    size,
    next,
    hasError,
  };
}

/** Pre-order indices of the direct children of node i. */
export function childrenOf(t: FlatTree, i: number): number[] {
  const out: number[] = [];
  if (t.size[i] === 1) return out;
  for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) out.push(k);
  return out;
}

/** First direct child of node i with the given field name, or -1. */
export function fieldChild(t: FlatTree, i: number, name: string): number {
  if (t.size[i] === 1) return -1;
  for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) if (t.field[k] === name) return k;
  return -1;
}

/** First direct child of node i with the given type, or -1. */
export function typeChild(t: FlatTree, i: number, type: string): number {
  if (t.size[i] === 1) return -1;
  for (let k = i + 1; k >= 0; k = t.next[k] ?? -1) if (t.type[k] === type) return k;
  return -1;
}

/** True for nodes that carry no meaning for any metric (comments, backslash continuations). */
export function isTrivia(t: FlatTree, i: number): boolean {
  const ty = t.type[i];
  return ty === 'comment' || ty === 'line_continuation';
}

/** Source text of node i. */
export function textOf(t: FlatTree, i: number): string {
  return t.src.slice(t.start[i], t.end[i]);
}
