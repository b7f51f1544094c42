// Code health of a set of files as one document: typing and docstring shares, the import graph,
// its cycles and the repository's import-linter contracts (docs/code-health.md). Used by the CLI and
// by the metrics service, from the texts of the files they measured.
import { parse, TomlError } from 'smol-toml';
import type { Tokens } from '../fast-parse/index.js';
import {
  type ContractResult,
  type ContractsConfig,
  checkContracts,
  type ImportCycle,
  type ImportEdge,
  type ImportStatement,
  importCycles,
  importGraphOf,
  parseContracts,
  readImports,
} from '../import-graph/index.js';
import {
  type FileTypingDocs,
  type FunctionTypingDocs,
  measureTypingDocs,
  type TypingDocsTotals,
  totalTypingDocs,
} from '../typing-docs/index.js';

export interface CodeHealth extends TypingDocsTotals {
  files: ({ path: string } & TypingDocsTotals)[];
  functions: ({ path: string } & FunctionTypingDocs)[];
  imports: {
    modules: number;
    edges: ImportEdge[];
    external: Record<string, number>;
    unresolved: { path: string; line: number; import: string }[];
  };
  cycles: ImportCycle[];
  /** Null when no contracts were declared or given. */
  contracts: { source: string; results: ContractResult[]; broken: number } | null;
}

/**
 * `[tool.importlinter]` of a pyproject.toml's text: null when it has none (or is not valid TOML, which
 * [tool.pyscan] reading reports); throws ContractConfigError for a table that cannot be used.
 */
export function contractsOfPyproject(text: string): ContractsConfig | null {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TomlError) return null;
    throw e;
  }
  const table = (doc.tool as Record<string, unknown> | undefined)?.importlinter;
  return table === undefined ? null : parseContracts(table);
}

/** What code health reads of one file: its typing and docstrings, and its import statements. */
export interface CodeHealthParts {
  /** Null when the fast tokenizer cannot read the file (Python 2, odd input). */
  typing: FileTypingDocs | null;
  imports: ImportStatement[] | null;
}

/**
 * One file's parts, from its text (newlines normalised) and, when the analysis made them, its tokens:
 * the analysis computes them beside its own measures, so no file is read or tokenized twice.
 */
export function codeHealthParts(text: string, tokens?: Tokens): CodeHealthParts {
  if (!tokens) text = text.replace(/\r\n?/g, '\n');
  return { typing: measureTypingDocs(text, tokens), imports: readImports(text, tokens) };
}

/** Measures decoded `files`; `contracts` with where they came from (named in the result). */
export function measureCodeHealth(
  files: readonly { path: string; text: string }[],
  contracts: { source: string; config: ContractsConfig } | null,
): CodeHealth {
  return codeHealthOfParts(
    files.map((f) => ({ path: f.path, ...codeHealthParts(f.text) })),
    contracts,
  );
}

/** Code health of files whose parts were read already (by the analysis, or codeHealthParts). */
export function codeHealthOfParts(
  files: readonly ({ path: string } & CodeHealthParts)[],
  contracts: { source: string; config: ContractsConfig } | null,
): CodeHealth {
  const perFile: CodeHealth['files'] = [];
  const functions: CodeHealth['functions'] = [];
  for (const f of files) {
    const td = f.typing;
    if (!td) continue;
    const { functions: fns, module_docstring: _module, ...totals } = td;
    perFile.push({ path: f.path, ...totals });
    for (const fn of fns) functions.push({ path: f.path, ...fn });
  }
  const graph = importGraphOf(files);
  const results = contracts ? checkContracts(graph.edges, contracts.config) : null;
  return {
    ...totalTypingDocs(perFile),
    files: perFile,
    functions,
    imports: {
      modules: graph.modules.length,
      edges: graph.edges,
      external: graph.external,
      unresolved: graph.unresolved,
    },
    cycles: importCycles(graph.edges),
    contracts:
      contracts && results
        ? { source: contracts.source, results, broken: results.filter((r) => !r.kept).length }
        : null,
  };
}
