import { spawn } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PylintError } from './pylint-error.js';
import { type PylintCounts, pylintScore } from './pylint-score.js';

export { PylintError, type PylintErrorCode } from './pylint-error.js';
export { type PylintCounts, pylintScore } from './pylint-score.js';

/** Pylint's results for one file. */
export interface PylintFileResult extends PylintCounts {
  pylint_score: number;
  /** Statements as pylint counts them (null when pylint could not build the module, e.g. a syntax error). */
  statements: number | null;
}

/** Options of {@link runPylint}. */
export interface RunPylintOptions {
  /** Folder the relative file paths are resolved against (the clone). */
  cwd: string;
  /** Executable (PYLINT_COMMAND); default `pylint`. */
  command?: string;
  /** Processes to use; default 2. */
  parallelism?: number;
  /**
   * `jobs` (default): one pylint with `-j N`, which merges its workers' duplicate-code data; `split`: N
   * pylint processes over size-balanced parts, which cannot see duplicates across parts.
   */
  mode?: 'jobs' | 'split';
  /** Whole run; default 30 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface JsonMessage {
  type: string;
  path: string;
}

const PLUGIN_DIR = fileURLToPath(new URL('./plugin/', import.meta.url));
const RC_FILE = join(PLUGIN_DIR, 'metrics.pylintrc');
const CATEGORY: Record<string, keyof PylintCounts> = {
  convention: 'pylint_convention',
  refactor: 'pylint_refactor',
  warning: 'pylint_warning',
  error: 'pylint_error',
  fatal: 'pylint_fatal',
};
// Pylint's exit status is a bitmask of the message categories found; only 32 means it did not run.
const USAGE_ERROR = 32;
const OUTPUT_CAP = 512 * 1024 * 1024;
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
  opts = { ...opts, cwd };
  const work = await mkdtemp(join(tmpdir(), 'metrics-pylint-'));
  const statementsFile = join(work, 'statements.tsv');
  const deadline = Date.now() + (opts.timeoutMs ?? 1_800_000);
  try {
    const outputs: JsonMessage[][] = [];
    for (const group of byArgumentLength(files)) {
      const batches =
        opts.mode === 'split' && parallelism > 1 ? await splitBySize(group, cwd, parallelism) : [group];
      const jobs = batches.length > 1 ? 1 : parallelism;
      const once = { ...opts, jobs, deadline, statementsFile, work };
      outputs.push(...(await Promise.all(batches.map((batch) => runOnce(batch, once)))));
    }
    const statements = await readStatements(statementsFile);
    const counts = new Map<string, PylintCounts>();
    for (const f of files) counts.set(resolve(opts.cwd, f), emptyCounts());
    for (const messages of outputs) {
      for (const m of messages) {
        const key = CATEGORY[m.type];
        const c = counts.get(resolve(opts.cwd, m.path));
        if (key && c) c[key]++;
      }
    }
    for (const f of files) {
      const abs = resolve(opts.cwd, f);
      const c = counts.get(abs)!;
      const n = statements.get(abs) ?? null;
      results.set(f, { ...c, pylint_score: pylintScore(c, n ?? 0), statements: n });
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

interface OnceOptions extends RunPylintOptions {
  jobs: number;
  deadline: number;
  statementsFile: string;
  work: string;
}

function runOnce(files: string[], o: OnceOptions): Promise<JsonMessage[]> {
  const args = [
    `--rcfile=${RC_FILE}`,
    '--persistent=n',
    '--output-format=json',
    '--reports=n',
    '--score=n',
    `--jobs=${o.jobs}`,
    '--load-plugins=metrics_statement_count',
    '--enable=metrics-statement-count',
    '--',
    ...files,
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(o.command ?? 'pylint', args, {
      cwd: o.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: 'C.UTF-8',
        PYTHONPATH: PLUGIN_DIR,
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONIOENCODING: 'utf-8',
        PYLINTHOME: join(o.work, 'home'),
        METRICS_PYLINT_STATEMENTS: o.statementsFile,
      },
    });
    const out: Buffer[] = [];
    let outSize = 0;
    let err = '';
    let timedOut = false;
    let aborted = false;
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      outSize += c.length;
      if (outSize <= OUTPUT_CAP) out.push(c);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      if (err.length < 16_384) err += c;
    });
    const timer = setTimeout(
      () => {
        timedOut = true;
        kill();
      },
      Math.max(0, o.deadline - Date.now()),
    );
    const onAbort = (): void => {
      aborted = true;
      kill();
    };
    if (o.signal?.aborted) onAbort();
    else o.signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      done();
      if (e.code === 'ENOENT' || e.code === 'EACCES') {
        reject(new PylintError('pylint_missing', `pylint command "${o.command ?? 'pylint'}" not found`));
      } else reject(new PylintError('pylint_failed', `pylint could not start: ${e.code ?? e.message}`));
    });
    child.on('close', (code) => {
      done();
      if (timedOut)
        return reject(new PylintError('pylint_timeout', 'pylint took longer than the time allowed'));
      if (aborted) return reject(new PylintError('interrupted', 'pylint was cancelled'));
      if (code === null || (code & USAGE_ERROR) !== 0 || outSize > OUTPUT_CAP) {
        const line = err.trim().split('\n').pop() ?? '';
        return reject(
          new PylintError('pylint_failed', `pylint failed (exit ${code}): ${line.slice(0, 200)}`),
        );
      }
      try {
        const text = Buffer.concat(out).toString('utf8').trim();
        resolvePromise(text === '' ? [] : (JSON.parse(text) as JsonMessage[]));
      } catch {
        reject(new PylintError('pylint_failed', 'pylint output was not valid JSON'));
      }
    });
  });
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
