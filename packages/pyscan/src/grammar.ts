// The Python grammar for tree-sitter, loaded once per thread, and what the modules that read its nodes
// share: node kinds by id, and a node's meaningful children. It sits below tree.ts and the modules
// that fetch details from tree-sitter nodes (ts-details, endline, py-literals), so they need not import
// each other.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Node, Parser, Query } from 'web-tree-sitter';

/** Node kinds collected into the index. */
export const INDEXED_TYPES = [
  'module',
  'block',
  'function_definition',
  'class_definition',
  'decorated_definition',
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'try_statement',
  'except_clause',
  'with_statement',
  'match_statement',
  'case_clause',
  'conditional_expression',
  'boolean_operator',
  'for_in_clause',
  'if_clause',
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
  'generator_expression',
  'assert_statement',
  'lambda',
  'binary_operator',
  'unary_operator',
  'not_operator',
  'augmented_assignment',
  'comparison_operator',
  'union_type',
  'print_statement',
  'exec_statement',
  'case_pattern',
  'complex_pattern',
  'ERROR',
] as const;

interface Loaded {
  parser: Parser;
  query: Query;
  typeNames: string[];
  namedTypes: Uint8Array;
}

let loaded: Loaded | null = null;
let loading: Promise<void> | null = null;

/** Loads the Python grammar once per thread; later calls reuse it. */
export function initPyscan(): Promise<void> {
  loading ??= (async () => {
    // Imported here, not at the top: most runs never parse with tree-sitter, and its glue is
    // 150 kB of JavaScript each worker thread would otherwise compile at start.
    const { Language, Parser, Query } = await import('web-tree-sitter');
    // The standalone package (scripts/dist.mjs) bundles web-tree-sitter and carries both .wasm
    // files beside its modules; in the workspace they come from node_modules.
    const beside = (name: string) =>
      [`./${name}`, `../${name}`]
        .map((p) => fileURLToPath(new URL(p, import.meta.url)))
        .find((p) => existsSync(p));
    await Parser.init({ locateFile: (name: string, dir: string) => beside(name) ?? `${dir}${name}` });
    const grammar =
      beside('tree-sitter-python.wasm') ??
      createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm');
    const lang = await Language.load(grammar);
    const parser = new Parser();
    parser.setLanguage(lang);
    const query = new Query(lang, INDEXED_TYPES.map((t) => `(${t}) @${t}`).join('\n'));
    const typeNames: string[] = [];
    const namedTypes = new Uint8Array(lang.nodeTypeCount);
    for (let i = 0; i < lang.nodeTypeCount; i++) {
      typeNames.push(lang.nodeTypeForId(i) ?? '');
      namedTypes[i] = lang.nodeTypeIsNamed(i) ? 1 : 0;
    }
    loaded = { parser, query, typeNames, namedTypes };
  })();
  return loading;
}

/** Whether initPyscan() has finished (tree-sitter is ready). */
export function treeSitterLoaded(): boolean {
  return loaded !== null;
}

export function need(): Loaded {
  if (!loaded) throw new Error('pyscan: call initPyscan() first');
  return loaded;
}

/** Name of a node kind by id ('ERROR' for the error kind). */
export function typeName(id: number): string {
  return need().typeNames[id] ?? 'ERROR';
}

/** Whether a node kind is named (as opposed to punctuation and keywords). */
export function isNamedType(id: number): boolean {
  return need().namedTypes[id] === 1;
}

/** True for nodes that carry no meaning for any metric (comments, backslash continuations). */
export function isTrivia(type: string): boolean {
  return type === 'comment' || type === 'line_continuation';
}

/** Named children of a node, comments and line continuations left out. */
export function namedKids(node: Node): Node[] {
  const out: Node[] = [];
  for (const k of node.namedChildren) if (k && !isTrivia(k.type)) out.push(k);
  return out;
}
