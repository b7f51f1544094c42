// Typing and docstring shares per function and per file (docs/code-health.md names every rule).
import type { Tokens } from '../fast-parse/index.js';
import { type Definition, type FileDefinitions, readDefinitions } from './definitions.js';

/** One def's typing and docstring. */
export interface FunctionTypingDocs {
  name: string;
  class: string;
  lineno: number;
  /** Parameters counted (a method's first, `self`/`cls`, is not, except in a @staticmethod). */
  params: number;
  params_annotated: number;
  return_annotated: boolean;
  /** (annotated parameters + annotated return) / (parameters + 1), in percent. */
  typed_pct: number;
  /** interrogate's public: a name without a leading underscore, or a dunder (`__init__`). */
  public: boolean;
  has_docstring: boolean;
}

/** A file's sums: typing slots and docstring items, with their shares (null when there are none). */
export interface TypingDocsTotals {
  /** Parameters counted plus one return per def. */
  typed_slots: number;
  typed_annotated: number;
  typed_pct: number | null;
  /** The module, and its public classes and defs (nested ones too). */
  doc_items: number;
  doc_documented: number;
  doc_pct: number | null;
}

export interface FileTypingDocs extends TypingDocsTotals {
  functions: FunctionTypingDocs[];
  module_docstring: boolean;
}

/** interrogate's public name: not semi-private (`_x`) nor private (`__x`); dunders are public. */
export const isPublicName = (name: string): boolean =>
  !name.startsWith('_') || (name.startsWith('__') && name.endsWith('__') && name.length > 4);

const pct = (n: number, d: number): number | null => (d === 0 ? null : (100 * n) / d);

function countedParams(d: Definition) {
  const skipFirst =
    d.isMethod && !d.decorators.some((x) => x === 'staticmethod' || x.endsWith('.staticmethod'));
  return skipFirst && d.params[0]?.kind === 'positional' ? d.params.slice(1) : d.params;
}

/** The shares of one file's definitions. */
export function typingDocsOf(defs: FileDefinitions): FileTypingDocs {
  const functions: FunctionTypingDocs[] = [];
  let slots = 0;
  let annotated = 0;
  let items = 1;
  let documented = defs.moduleDocstring ? 1 : 0;
  for (const d of defs.definitions) {
    const pub = isPublicName(d.name);
    if (pub) {
      items++;
      if (d.hasDocstring) documented++;
    }
    if (d.kind !== 'function') continue;
    const params = countedParams(d);
    const pa = params.filter((p) => p.annotated).length;
    slots += params.length + 1;
    annotated += pa + (d.returnAnnotated ? 1 : 0);
    functions.push({
      name: d.name,
      class: d.class,
      lineno: d.lineno,
      params: params.length,
      params_annotated: pa,
      return_annotated: d.returnAnnotated,
      typed_pct: (100 * (pa + (d.returnAnnotated ? 1 : 0))) / (params.length + 1),
      public: pub,
      has_docstring: d.hasDocstring,
    });
  }
  return {
    functions,
    module_docstring: defs.moduleDocstring,
    typed_slots: slots,
    typed_annotated: annotated,
    typed_pct: pct(annotated, slots),
    doc_items: items,
    doc_documented: documented,
    doc_pct: pct(documented, items),
  };
}

/**
 * Typing and docstrings of one file's text (with `tokens`: its newlines normalised and its tokens
 * made already, by the analysis); null when it cannot be tokenized (a parse_error file).
 */
export function measureTypingDocs(text: string, tokens?: Tokens): FileTypingDocs | null {
  const defs = readDefinitions(tokens ? text : text.replace(/\r\n?/g, '\n'), tokens);
  return defs ? typingDocsOf(defs) : null;
}

/** Repository totals: the sums of the files' slots and items (not a mean of their shares). */
export function totalTypingDocs(files: readonly TypingDocsTotals[]): TypingDocsTotals {
  const sum = (f: (t: TypingDocsTotals) => number) => files.reduce((n, t) => n + f(t), 0);
  const slots = sum((t) => t.typed_slots);
  const annotated = sum((t) => t.typed_annotated);
  const items = sum((t) => t.doc_items);
  const documented = sum((t) => t.doc_documented);
  return {
    typed_slots: slots,
    typed_annotated: annotated,
    typed_pct: pct(annotated, slots),
    doc_items: items,
    doc_documented: documented,
    doc_pct: pct(documented, items),
  };
}
