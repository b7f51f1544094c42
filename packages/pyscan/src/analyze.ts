// One file in, all of pyscan's metrics out. Any failure degrades to a row with parse_error.
import { isAscii } from 'node:buffer';
import { analyzeCc, type CcClass, type CcFunction, classComplexity } from './cc.js';
import { codeHealthParts } from './code-health/index.js';
import { cognitiveComplexity } from './cognitive.js';
import { decodeSource, normaliseNewlines } from './decode.js';
import { fastParseIndexed, type Tokens, tokenize, Unsupported } from './fast-parse/index.js';
import { codeLinePrefix, maxNesting, nloc, paramCount } from './function-stats.js';
import { treeSitterLoaded } from './grammar.js';
import { analyzeHalstead } from './halstead.js';
import { maintainabilityIndex } from './mi.js';
import { python2Syntax } from './python2-syntax.js';
import { ccRank, miRank } from './ranks.js';
import { type RawMetrics, rawMetrics } from './raw.js';
import { rawFromTokens } from './raw-from-tokens.js';
import { computeScopes, type Scopes } from './scopes.js';
import { checkSource } from './source-checks.js';
import { parseIndexed, type SyntaxIndex } from './tree.js';
import type { ClassMetrics, FileAnalysis, FileMetrics, FunctionMetrics } from './types.js';

/** Files larger than this are not parsed (a row with parse_error is returned instead). */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

function emptyFile(path: string, parseError: string | null): FileMetrics {
  return {
    path,
    loc: null,
    lloc: null,
    sloc: null,
    comments: null,
    multi: null,
    blank: null,
    single_comments: null,
    functions: null,
    classes: null,
    cc_total: null,
    cc_avg: null,
    cc_max: null,
    mi: null,
    mi_rank: null,
    h1: null,
    h2: null,
    N1: null,
    N2: null,
    vocabulary: null,
    length: null,
    volume: null,
    difficulty: null,
    effort: null,
    time: null,
    bugs: null,
    parse_error: parseError,
  };
}

/** A row for a file that could not be analysed at all. */
export function failedAnalysis(path: string, error: string): FileAnalysis {
  return { file: emptyFile(path, error), classes: [], functions: [] };
}

function withRaw(file: FileMetrics, raw: RawMetrics): void {
  file.loc = raw.loc;
  file.lloc = raw.lloc;
  file.sloc = raw.sloc;
  file.comments = raw.comments;
  file.multi = raw.multi;
  file.blank = raw.blank;
  file.single_comments = raw.single_comments;
}

/** Analyses one Python file (bytes are decoded per PEP 263; a string is taken as decoded text). */
export function analyzeSource(source: Uint8Array | string, path: string): FileAnalysis {
  return analyzeOrDefer(source, path, false) ?? failedAnalysis(path, 'internal error: no parser');
}

/** Thrown when a file needs tree-sitter and the caller asked not to wait for it to load. */
class Deferred extends Error {}

/**
 * analyzeSource for callers that load tree-sitter only when a file needs it (the pool's workers:
 * most runs never do): null when lazy and the file needs tree-sitter before initPyscan() ran.
 */
export function analyzeOrDefer(
  source: Uint8Array | string,
  path: string,
  lazy: boolean,
  codeHealth = false,
): FileAnalysis | null {
  try {
    return analyzeUnsafe(source, path, lazy, codeHealth);
  } catch (err) {
    if (err instanceof Deferred) return null;
    const msg = err instanceof Error ? err.message : String(err);
    return failedAnalysis(path, `internal error: ${msg}`);
  }
}

function analyzeUnsafe(
  source: Uint8Array | string,
  path: string,
  lazy: boolean,
  codeHealth: boolean,
): FileAnalysis {
  let text: string;
  // Pure ASCII bytes spare rawFromTokens its search for Unicode line breaks and spaces.
  const ascii = typeof source !== 'string' && isAscii(source);
  if (typeof source === 'string') {
    text = source;
  } else {
    if (source.length > MAX_SOURCE_BYTES) {
      return failedAnalysis(path, `file too large: ${source.length} bytes (limit ${MAX_SOURCE_BYTES})`);
    }
    if (source.includes(0)) return failedAnalysis(path, 'source contains NUL bytes');
    const decoded = decodeSource(source);
    if (!decoded.ok) return failedAnalysis(path, decoded.error);
    text = decoded.text;
  }
  if (text.length > MAX_SOURCE_BYTES)
    return failedAnalysis(path, `file too large: ${text.length} characters`);
  if (text.includes('\0')) return failedAnalysis(path, 'source contains NUL bytes');
  text = normaliseNewlines(text);
  // One tokenization serves both the raw counts and the fast parser; raw.ts counts the files the
  // fast tokenizer leaves (or whose raw counts it cannot read off its tokens).
  const toks = fastTokens(text);
  const raw = (toks && rawFromTokens(text, toks, ascii)) || rawMetrics(text);
  const file = emptyFile(path, null);
  withRaw(file, raw);
  const fast = toks ? fastIndex(text, raw, toks) : null;
  if (!fast && lazy && !treeSitterLoaded()) throw new Deferred();
  const parsed = fast ? null : parseIndexed(text);
  const index = fast ?? parsed?.index;
  if (!index) throw new Error('no index');
  try {
    const problem = checkSource(index, raw) ?? (parsed ? python2Syntax(parsed.tree, text) : null);
    if (problem) file.parse_error = problem;
    const result: FileAnalysis = problem
      ? { file, classes: [], functions: [] }
      : measure(index, path, file, raw);
    // Code health reads the same tokens: no second read or tokenization of the file.
    if (codeHealth) result.code_health = codeHealthParts(text, toks ?? undefined);
    return result;
  } finally {
    parsed?.tree.delete();
  }
}

// Which parser builds the index: the fast one, tree-sitter for the files it leaves (fast), or
// tree-sitter only.
let parserChoice: 'fast' | 'tree-sitter' =
  process.env.PYSCAN_PARSER === 'tree-sitter' ? 'tree-sitter' : 'fast';

/** Chooses the parser (tests compare both); returns the previous choice. */
export function useParser(choice: 'fast' | 'tree-sitter'): 'fast' | 'tree-sitter' {
  const before = parserChoice;
  parserChoice = choice;
  return before;
}

/** The fast tokenizer's tokens, or null when the file is for tree-sitter (or tree-sitter is chosen). */
function fastTokens(text: string): Tokens | null {
  if (parserChoice !== 'fast') return null;
  try {
    return tokenize(text);
  } catch (err) {
    if (err instanceof Unsupported || err instanceof RangeError) return null;
    throw err;
  }
}

/** The fast parser's index, or null when the file is for tree-sitter (odd constructs, Python 2, errors). */
function fastIndex(text: string, raw: RawMetrics, toks: Tokens): SyntaxIndex | null {
  if (raw.legacyNumber || raw.maxBracketDepth > 150) return null;
  try {
    return fastParseIndexed(text, toks);
  } catch (err) {
    if (err instanceof Unsupported || err instanceof RangeError) return null;
    throw err;
  }
}

function measure(ix: SyntaxIndex, path: string, file: FileMetrics, raw: RawMetrics): FileAnalysis {
  const sc = computeScopes(ix);
  const cc = analyzeCc(ix, sc);
  const hal = analyzeHalstead(ix, sc);
  const { classes, functions, radonBlocks } = buildRows(ix, sc, path, cc.functions, cc.classes);
  file.functions = functions.length;
  file.classes = classes.length;
  file.cc_total = cc.totalComplexity;
  file.cc_avg = radonBlocks.length ? radonBlocks.reduce((a, b) => a + b, 0) / radonBlocks.length : 0;
  file.cc_max = radonBlocks.reduce((a, b) => Math.max(a, b), 0);
  file.mi = maintainabilityIndex({
    volume: hal.volume,
    complexity: cc.totalComplexity,
    lloc: raw.lloc,
    sloc: raw.sloc,
    comments: raw.comments,
    multi: raw.multi,
  });
  file.mi_rank = miRank(file.mi);
  file.h1 = hal.h1;
  file.h2 = hal.h2;
  file.N1 = hal.N1;
  file.N2 = hal.N2;
  file.vocabulary = hal.vocabulary;
  file.length = hal.length;
  file.volume = hal.volume;
  file.difficulty = hal.difficulty;
  file.effort = hal.effort;
  file.time = hal.time;
  file.bugs = hal.bugs;
  return { file, classes, functions };
}

interface Rows {
  classes: ClassMetrics[];
  functions: FunctionMetrics[];
  /** Complexities of the blocks `radon cc` lists by default (functions, classes, methods). */
  radonBlocks: number[];
}

function buildRows(ix: SyntaxIndex, sc: Scopes, path: string, fns: CcFunction[], classes: CcClass[]): Rows {
  const rows: Rows = { classes: [], functions: [], radonBlocks: [] };
  const lineCounts = codeLinePrefix(ix.src, ix.lineStarts);
  // Explicit work list: closures and inner classes can nest arbitrarily deep.
  type Item =
    | { kind: 'fn'; fn: CcFunction; prefix: string; cls: string; method: boolean }
    | { kind: 'class'; cls: CcClass; prefix: string };
  const work: Item[] = [];
  for (const fn of fns) {
    work.push({ kind: 'fn', fn, prefix: '', cls: '', method: false });
    rows.radonBlocks.push(fn.complexity);
  }
  for (const cls of classes) {
    work.push({ kind: 'class', cls, prefix: '' });
    rows.radonBlocks.push(classComplexity(cls));
    for (const m of cls.methods) rows.radonBlocks.push(m.complexity);
  }
  while (work.length > 0) {
    const item = work.pop();
    if (!item) break;
    if (item.kind === 'fn') {
      const { fn, prefix, cls, method } = item;
      const name = prefix + fn.name;
      rows.functions.push({
        path,
        class: cls,
        name,
        lineno: fn.lineno,
        endline: fn.endline,
        is_method: method,
        complexity: fn.complexity,
        rank: ccRank(fn.complexity),
        cognitive: cognitiveComplexity(ix, sc, fn.node),
        params: paramCount(ix, fn.node),
        nloc: nloc(ix, sc, fn.node, lineCounts),
        max_nesting: maxNesting(ix, sc, fn.node),
      });
      for (const c of fn.closures) work.push({ kind: 'fn', fn: c, prefix: `${name}.`, cls, method: false });
    } else {
      const { cls, prefix } = item;
      const name = prefix + cls.name;
      const complexity = classComplexity(cls);
      rows.classes.push({
        path,
        name,
        lineno: cls.lineno,
        endline: cls.endline,
        methods: cls.methods.length,
        complexity,
        real_complexity: cls.realComplexity,
        rank: ccRank(complexity),
      });
      for (const m of cls.methods) work.push({ kind: 'fn', fn: m, prefix: '', cls: name, method: true });
      for (const inner of cls.innerClasses) work.push({ kind: 'class', cls: inner, prefix: `${name}.` });
    }
  }
  rows.functions.sort((a, b) => a.lineno - b.lineno || a.name.localeCompare(b.name));
  rows.classes.sort((a, b) => a.lineno - b.lineno || a.name.localeCompare(b.name));
  return rows;
}
