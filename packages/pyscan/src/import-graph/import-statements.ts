// The import statements of one file, read off the fast tokenizer's tokens (anywhere in the file:
// module level, inside functions, under `if TYPE_CHECKING:`).
import { type Tokens, tokenize, Unsupported } from '../fast-parse/index.js';
import * as T from '../fast-parse/tokens.js';

/** `import a.b` (names: []) or `from [dots]module import names`. */
export interface ImportStatement {
  line: number;
  /** Leading dots of a `from` import (0: absolute). */
  level: number;
  /** The dotted module (`''` for `from . import x`). */
  module: string;
  /** Imported names of a `from` import (`*` for a star import); empty for `import a.b`. */
  names: string[];
  from: boolean;
}

/** The file's imports (`tokens`: its tokens if made already); null when the fast tokenizer cannot read it. */
export function readImports(text: string, tokens?: Tokens): ImportStatement[] | null {
  let t: Tokens;
  try {
    t = tokens ?? tokenize(text);
  } catch (e) {
    if (e instanceof Unsupported || e instanceof RangeError) return null;
    throw e;
  }
  const k = (i: number): number => (i < t.count ? t.kind[i]! : T.EOF);
  const s = (i: number): string => text.slice(t.start[i], t.end[i]);
  const out: ImportStatement[] = [];
  let atStatement = true;
  const dotted = (i: number): [string, number] => {
    let name = '';
    while (k(i) === T.NAME || k(i) === T.DOT) name += s(i++);
    return [name, i];
  };
  // Every token passes here: the kinds array read directly, the kinds compared held in locals (a cold
  // worker runs this in the interpreter).
  const kinds = t.kind;
  const count = t.count;
  const { NEWLINE, INDENT, DEDENT, SEMI, COLON } = T;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i] as number;
    if (kind === NEWLINE || kind === INDENT || kind === DEDENT || kind === SEMI || kind === COLON) {
      // A colon starts a one-line body (`if x: import y`); elsewhere a statement does not start after one,
      // but an `import` keyword cannot appear there anyway.
      atStatement = true;
      continue;
    }
    if (!atStatement) continue;
    atStatement = false;
    const line = t.row[i]! + 1;
    if (kind === T.KW_IMPORT) {
      let j = i + 1;
      while (true) {
        const [name, next] = dotted(j);
        if (name) out.push({ line, level: 0, module: name, names: [], from: false });
        j = next;
        if (k(j) === T.KW_AS) j += 2;
        if (k(j) !== T.COMMA) break;
        j++;
      }
      i = j - 1;
    } else if (kind === T.KW_FROM) {
      let j = i + 1;
      let level = 0;
      while (k(j) === T.DOT || k(j) === T.ELLIPSIS) level += k(j++) === T.DOT ? 1 : 3;
      const [module, next] = dotted(j);
      j = next;
      if (k(j) !== T.KW_IMPORT) continue;
      j++;
      const names: string[] = [];
      const paren = k(j) === T.LPAR;
      if (paren) j++;
      while (k(j) === T.NAME || k(j) === T.STAR) {
        names.push(k(j) === T.STAR ? '*' : s(j));
        j++;
        if (k(j) === T.KW_AS) j += 2;
        if (k(j) !== T.COMMA) break;
        j++;
      }
      out.push({ line, level, module, names, from: true });
      i = j - 1;
    }
  }
  return out;
}
