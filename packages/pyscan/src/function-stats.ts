// Per-function size measures beyond radon: parameter count, non-comment lines of code and the
// deepest nesting of compound statements.
import type { Scopes } from './scopes.js';
import { rowAt, type SyntaxIndex } from './tree.js';

/** Number of declared parameters (self/cls, *args and **kwargs included; bare `*` and `/` not). */
export function paramCount(ix: SyntaxIndex, def: number): number {
  return ix.details.params(def);
}

/** Whitespace as String.prototype.trim() knows it. */
function isJsSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Prefix counts of lines holding something other than whitespace or a comment (a line whose
 * trim() is neither empty nor starts with '#'); lineStarts are the offsets where lines start.
 */
export function codeLinePrefix(src: string, lineStarts: Int32Array): Int32Array {
  const rows = lineStarts.length;
  const out = new Int32Array(rows + 1);
  for (let k = 0; k < rows; k++) {
    const end = k + 1 < rows ? (lineStarts[k + 1] ?? 0) - 1 : src.length;
    let i = lineStarts[k] ?? 0;
    while (i < end && isJsSpace(src.charCodeAt(i))) i++;
    out[k + 1] = (out[k] ?? 0) + (i < end && src.charCodeAt(i) !== 35 ? 1 : 0);
  }
  return out;
}

function codeLines(prefix: Int32Array, firstRow: number, lastRow: number): number {
  const a = Math.max(0, firstRow);
  const b = Math.min(prefix.length - 1, lastRow + 1);
  return b > a ? (prefix[b] ?? 0) - (prefix[a] ?? 0) : 0;
}

/**
 * Lines of the def (decorators excluded) holding anything but whitespace or a comment, its
 * docstring left out.
 */
export function nloc(ix: SyntaxIndex, sc: Scopes, def: number, prefix: Int32Array): number {
  const first = ix.row[def] ?? 0;
  const last = rowAt(ix, Math.max(ix.start[def] ?? 0, (ix.end[def] ?? 0) - 1));
  let n = codeLines(prefix, first, last);
  const doc = sc.body[def] !== -1 ? ix.details.docstringRows(def) : null;
  if (doc) n -= codeLines(prefix, doc[0], doc[1]);
  return n;
}

const COMPOUND = new Set([
  'if_statement',
  'for_statement',
  'while_statement',
  'try_statement',
  'with_statement',
  'match_statement',
]);

/** Deepest nesting of compound statements in the def's own body (nested defs are their own rows). */
export function maxNesting(ix: SyntaxIndex, sc: Scopes, def: number): number {
  const body = sc.body[def] ?? -1;
  if (body < 0) return 0;
  const stop = body + (ix.size[body] ?? 1);
  const ends: number[] = [];
  let max = 0;
  let j = body + 1;
  while (j < stop) {
    while (ends.length > 0 && j >= (ends[ends.length - 1] ?? 0)) ends.pop();
    const ty = ix.type[j] ?? '';
    if (ty === 'function_definition' || ty === 'class_definition' || ty === 'decorated_definition') {
      j += ix.size[j] ?? 1;
      continue;
    }
    if (COMPOUND.has(ty)) {
      ends.push(j + (ix.size[j] ?? 1));
      if (ends.length > max) max = ends.length;
    }
    j++;
  }
  return max;
}
