// Reasons CPython 3 would refuse a file that tree-sitter still turned into a tree: syntax errors,
// Python 2 constructs the grammar keeps for compatibility, and nesting beyond CPython's limits.
import type { RawMetrics } from './raw.js';
import type { FlatTree } from './tree.js';

/** CPython stops at 100 indentation levels and 200 nested brackets. */
const MAX_INDENT = 99;
const MAX_BRACKETS = 199;

function legacyInteger(text: string): boolean {
  return /[lL]$/.test(text) || /^0_?[0-9]*[1-9]/.test(text);
}

/** Returns a parse_error message, or null when the file is acceptable Python 3. */
export function checkSource(t: FlatTree, raw: RawMetrics): string | null {
  void raw;
  const blockEnds: number[] = [];
  let brackets = 0;
  for (let j = 0; j < t.count; j++) {
    const ty = t.type[j] ?? '';
    const line = (t.row[j] ?? 0) + 1;
    if (t.hasError && ty === 'ERROR') return `syntax error at line ${line}`;
    while (blockEnds.length > 0 && j >= (blockEnds[blockEnds.length - 1] ?? 0)) blockEnds.pop();
    switch (ty) {
      case 'print_statement':
        return `Python 2 syntax (print statement) at line ${line}`;
      case 'exec_statement':
        return `Python 2 syntax (exec statement) at line ${line}`;
      case '<>':
        return `Python 2 syntax (<> operator) at line ${line}`;
      case 'integer':
        if (legacyInteger(t.src.slice(t.start[j], t.end[j])))
          return `Python 2 syntax (integer literal) at line ${line}`;
        break;
      case 'block':
        blockEnds.push(j + (t.size[j] ?? 1));
        if (blockEnds.length > MAX_INDENT) return `too many levels of indentation at line ${line}`;
        break;
      case '(':
      case '[':
      case '{':
        if (!t.named[j] && ++brackets > MAX_BRACKETS) return `too many nested parentheses at line ${line}`;
        break;
      case ')':
      case ']':
      case '}':
        if (!t.named[j]) brackets--;
        break;
    }
  }
  return t.hasError ? 'syntax error' : null;
}
