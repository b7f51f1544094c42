// Per-function size measures beyond radon: parameter count, non-comment lines of code and the
// deepest nesting of compound statements.
import { type FlatTree, fieldChild } from './tree.js';

const NOT_PARAMS = new Set(['positional_separator', 'keyword_separator', 'comment', 'line_continuation']);

/** Number of declared parameters (self/cls, *args and **kwargs included; bare `*` and `/` not). */
export function paramCount(t: FlatTree, def: number): number {
  const params = fieldChild(t, def, 'parameters');
  if (params < 0 || t.size[params] === 1) return 0;
  let n = 0;
  for (let k = params + 1; k >= 0; k = t.next[k] ?? -1) {
    if (t.named[k] && !NOT_PARAMS.has(t.type[k] ?? '')) n++;
  }
  return n;
}

function docstringNode(t: FlatTree, def: number): number {
  const body = fieldChild(t, def, 'body');
  if (body < 0 || t.size[body] === 1) return -1;
  let first = body + 1;
  while (first >= 0 && t.type[first] === 'comment') first = t.next[first] ?? -1;
  if (first < 0 || t.type[first] !== 'expression_statement') return -1;
  const only = first + 1;
  if ((t.size[first] ?? 1) < 2 || (t.next[only] ?? -1) >= 0) return -1;
  const ty = t.type[only];
  return ty === 'string' || ty === 'concatenated_string' ? first : -1;
}

/**
 * Lines of the def (decorators excluded) holding code: blank lines, comment-only lines and the
 * docstring do not count; a multi-line string counts every line it spans.
 */
export function nloc(t: FlatTree, def: number): number {
  const first = t.row[def] ?? 0;
  const last = t.endRow[def] ?? first;
  const seen = new Uint8Array(last - first + 1);
  const doc = docstringNode(t, def);
  const stop = def + (t.size[def] ?? 1);
  let j = def;
  while (j < stop) {
    if (j === doc) {
      j += t.size[j] ?? 1;
      continue;
    }
    const ty = t.type[j];
    if (ty === 'comment') {
      j++;
      continue;
    }
    if (ty === 'string' || (t.size[j] ?? 1) === 1) {
      const a = (t.row[j] ?? 0) - first;
      const b = (t.endRow[j] ?? 0) - first;
      for (let r = a; r <= b; r++) seen[r] = 1;
      if (ty === 'string') {
        j += t.size[j] ?? 1;
        continue;
      }
    }
    j++;
  }
  let n = 0;
  for (const s of seen) n += s;
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
export function maxNesting(t: FlatTree, def: number): number {
  const body = fieldChild(t, def, 'body');
  if (body < 0) return 0;
  const stop = body + (t.size[body] ?? 1);
  const ends: number[] = [];
  let max = 0;
  let j = body;
  while (j < stop) {
    while (ends.length > 0 && j >= (ends[ends.length - 1] ?? 0)) ends.pop();
    const ty = t.type[j] ?? '';
    if (ty === 'function_definition' || ty === 'class_definition') {
      j += t.size[j] ?? 1;
      continue;
    }
    if (COMPOUND.has(ty)) {
      ends.push(j + (t.size[j] ?? 1));
      if (ends.length > max) max = ends.length;
    }
    j++;
  }
  return max;
}
