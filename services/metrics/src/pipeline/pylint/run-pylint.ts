import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isEnvironmentSymbol } from '../findings/environment-findings.js';
import type { Finding } from '../findings/finding.js';
import { PylintError } from './pylint-error.js';
import { type JsonMessage, type OnceOptions, runOnce } from './pylint-process.js';
import { type PylintCounts, pylintScore } from './pylint-score.js';
import type { RunPylintOptions } from './run-pylint-options.js';
import { compareFindings, toFinding } from './to-finding.js';

export { PylintError, type PylintErrorCode } from './pylint-error.js';
export { type PylintCounts, pylintScore } from './pylint-score.js';

/** Pylint's results for one file. */
export interface PylintFileResult extends PylintCounts {
  pylint_score: number;
  /** Statements as pylint counts them (null when pylint could not build the module, e.g. a syntax error). */
  statements: number | null;
  /** Every message pylint gave on the file, in line order (environment findings included). */
  findings: Finding[];
  /**
   * Environment findings on the file (environment-findings.ts): left out of the counts and the score
   * unless `environmentInScore`. Absent in results cached before it existed.
   */
  environment?: number;
}

export type { RunPylintOptions };

const CATEGORY: Record<string, keyof PylintCounts> = {
  convention: 'pylint_convention',
  refactor: 'pylint_refactor',
  warning: 'pylint_warning',
  error: 'pylint_error',
  fatal: 'pylint_fatal',
};
// A crashing batch is halved until the crash is pinned on single files; past this many crashed files
// pylint is taken as broken for the rest, so a pylint that crashes on everything costs ~2 runs per file
// at most this many times, not one run per file of a large repository.
const MAX_CRASHED_FILES = 10;
// Fatal messages that report pylint itself failing on a file (an internal error while building or
// checking its module), not something about the code: such a file is unmeasured, not a 0. Other fatal
// messages keep pylint's rule of a 0 score.
const CRASH_SYMBOLS: Record<string, string> = {
  'astroid-error': 'pylint reported astroid-error (an internal error while checking the file)',
  'parse-error': 'pylint reported parse-error (it could not build the module)',
};
const MAX_ARG_BYTES = 1_000_000;

/**
 * Runs pylint over `files` (paths relative to `cwd`) with JSON output and the service's own
 * configuration, and returns per-file category counts and score, keyed by the given paths.
 * Statement counts come from pylint itself through a tiny plugin (`plugin/metrics_statement_count.py`).
 * Throws {@link PylintError}: `pylint_missing` when the executable is absent, `pylint_timeout`, `pylint_failed`.
 */
export async function runPylint(
  files: string[],
  opts: RunPylintOptions,
): Promise<Map<string, PylintFileResult>> {
  const results = new Map<string, PylintFileResult>();
  if (files.length === 0) return results;
  const parallelism = Math.max(1, opts.parallelism ?? 2);
  // The plugin reports absolute paths as Python sees them; resolve the same way on this side.
  const cwd = await realpath(opts.cwd);
  // Longest first, so a folder inside another is cut whole.
  const hide = [...new Set([cwd, resolve(opts.cwd)])].sort((a, b) => b.length - a.length);
  opts = { ...opts, cwd };
  const work = await mkdtemp(join(tmpdir(), 'metrics-pylint-'));
  const statementsFile = join(work, 'statements.tsv');
  const deadline = Date.now() + (opts.timeoutMs ?? 1_800_000);
  const crash: CrashState = { crashedFiles: 0, failed: new Set() };
  try {
    const outputs: JsonMessage[][] = [];
    for (const group of byArgumentLength(files)) {
      const batches =
        opts.mode === 'split' && parallelism > 1 ? await splitBySize(group, cwd, parallelism) : [group];
      const jobs = batches.length > 1 ? 1 : parallelism;
      const once = { ...opts, jobs, deadline, statementsFile, work };
      outputs.push(...(await Promise.all(batches.map((batch) => runSalvaging(batch, once, crash)))));
    }
    const statements = await readStatements(statementsFile);
    const counts = new Map<string, PylintCounts>();
    const environment = new Map<string, number>();
    for (const f of files) counts.set(resolve(opts.cwd, f), emptyCounts());
    const crashedOn = new Map<string, string>();
    const messagesOf = new Map<string, JsonMessage[]>();
    for (const messages of outputs) {
      for (const m of messages) {
        const key = CATEGORY[m.type];
        const abs = resolve(opts.cwd, m.path);
        const c = counts.get(abs);
        const env = isEnvironmentSymbol(m.symbol);
        if (c && env) environment.set(abs, (environment.get(abs) ?? 0) + 1);
        if (key && c && (!env || opts.environmentInScore)) c[key]++;
        if (c) {
          const list = messagesOf.get(abs);
          if (list) list.push(m);
          else messagesOf.set(abs, [m]);
        }
        const crashText = m.type === 'fatal' && m.symbol ? CRASH_SYMBOLS[m.symbol] : undefined;
        if (crashText) crashedOn.set(abs, crashText);
      }
    }
    const byText = new Map<string, string[]>();
    for (const f of files) {
      const text = crashedOn.get(resolve(opts.cwd, f));
      if (text === undefined || crash.failed.has(f)) continue;
      crash.failed.add(f);
      byText.set(text, [...(byText.get(text) ?? []), f]);
    }
    for (const [text, failed] of byText) opts.onFailed?.(failed, text);
    for (const f of files) {
      if (crash.failed.has(f)) continue;
      const abs = resolve(opts.cwd, f);
      const c = counts.get(abs)!;
      const n = statements.get(abs) ?? null;
      const findings = (messagesOf.get(abs) ?? []).map((m) => toFinding(f, m, hide)).sort(compareFindings);
      results.set(f, {
        ...c,
        pylint_score: pylintScore(c, n ?? 0),
        statements: n,
        findings,
        environment: environment.get(abs) ?? 0,
      });
    }
    return results;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const emptyCounts = (): PylintCounts => ({
  pylint_convention: 0,
  pylint_refactor: 0,
  pylint_warning: 0,
  pylint_error: 0,
  pylint_fatal: 0,
});

interface CrashState {
  crashedFiles: number;
  failed: Set<string>;
}

/**
 * Runs one batch; when pylint crashes on it, runs its halves instead, so that one file pylint cannot
 * handle costs only that file. Files pinned as crashing are reported through `onFailed`.
 */
async function runSalvaging(files: string[], o: OnceOptions, state: CrashState): Promise<JsonMessage[]> {
  try {
    return await runOnce(files, o);
  } catch (e) {
    if (!(e instanceof PylintError) || e.code !== 'pylint_crashed') throw e;
    if (files.length === 1 || state.crashedFiles >= MAX_CRASHED_FILES) {
      if (files.length === 1) state.crashedFiles++;
      for (const f of files) state.failed.add(f);
      o.onFailed?.(files, e.message);
      return [];
    }
    const mid = Math.ceil(files.length / 2);
    // One half after the other: each already uses `jobs` processes.
    const first = await runSalvaging(files.slice(0, mid), o, state);
    const second = await runSalvaging(files.slice(mid), o, state);
    return [...first, ...second];
  }
}

async function readStatements(file: string): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return map;
  }
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) map.set(line.slice(tab + 1), Number(line.slice(0, tab)));
  }
  return map;
}

// The command line has a size limit (ARG_MAX); past it files go in consecutive runs. Pylint's cross-file
// duplicate-code check only sees files of the same run, as with `split`: `jobs` keeps it whole otherwise.
function byArgumentLength(files: string[]): string[][] {
  const groups: string[][] = [[]];
  let size = 0;
  for (const f of files) {
    const bytes = Buffer.byteLength(f) + 1;
    if (size + bytes > MAX_ARG_BYTES && groups[groups.length - 1]!.length > 0) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1]!.push(f);
    size += bytes;
  }
  return groups;
}

// Greedy largest-first packing by file size, so the processes finish at about the same time.
async function splitBySize(files: string[], cwd: string, n: number): Promise<string[][]> {
  const sized = await Promise.all(
    files.map(async (f) => ({
      f,
      size: await stat(resolve(cwd, f)).then(
        (s) => s.size,
        () => 0,
      ),
    })),
  );
  sized.sort((a, b) => b.size - a.size);
  const bins = Array.from({ length: Math.min(n, files.length) }, () => ({ size: 0, files: [] as string[] }));
  for (const s of sized) {
    const bin = bins.reduce((min, b) => (b.size < min.size ? b : min));
    bin.files.push(s.f);
    bin.size += s.size;
  }
  return bins.map((b) => b.files);
}
