// Reasons CPython 3 would refuse a file that tree-sitter still turned into a tree: syntax errors,
// Python 2 constructs the grammar keeps for compatibility, and nesting beyond CPython's limits.
import type { RawMetrics } from './raw.js';
import type { SyntaxIndex } from './tree.js';

/** CPython stops at 100 indentation levels and 200 nested brackets. */
const MAX_INDENT = 99;
const MAX_BRACKETS = 199;
/** Deeper nesting of any kind makes CPython's parser give up (RecursionError / "too complex"). */
const MAX_DEPTH = 1000;

function hasInnerError(ix: SyntaxIndex, j: number): boolean {
  const stop = j + (ix.size[j] ?? 1);
  for (let k = j + 1; k < stop; k++) if (ix.type[k] === 'ERROR') return true;
  return false;
}

/** Returns a parse_error message, or null when the file is acceptable Python 3. */
export function checkSource(ix: SyntaxIndex, raw: RawMetrics): string | null {
  if (raw.maxBracketDepth > MAX_BRACKETS) return 'too many nested parentheses';
  const legacy = raw.legacyNumber ? 'Python 2 syntax (number literal such as 0777 or 10L)' : null;
  const depth = new Int32Array(ix.count);
  const nest = new Int32Array(ix.count);
  for (let j = 0; j < ix.count; j++) {
    const ty = ix.type[j];
    const line = (ix.row[j] ?? 0) + 1;
    const p = ix.parent[j] ?? -1;
    depth[j] = (p >= 0 ? (depth[p] ?? 0) : 0) + (ty === 'block' ? 1 : 0);
    nest[j] = p >= 0 ? (nest[p] ?? 0) + 1 : 0;
    if ((nest[j] ?? 0) > MAX_DEPTH) return `nesting too deep at line ${line}`;
    switch (ty) {
      case 'ERROR':
        // Report the innermost error: an outer ERROR node often spans from the top of the file.
        if (!hasInnerError(ix, j)) return `syntax error at line ${line}`;
        break;
      case 'print_statement':
        // `print >> f, x` is also valid Python 3 (a tuple expression); `print x` is not.
        if (!ix.details.printChevron(j)) return `Python 2 syntax (print statement) at line ${line}`;
        break;
      case 'exec_statement':
        return `Python 2 syntax (exec statement) at line ${line}`;
      case 'block':
        if ((depth[j] ?? 0) > MAX_INDENT) return `too many levels of indentation at line ${line}`;
        break;
    }
  }
  return ix.hasError ? 'syntax error' : legacy;
}
