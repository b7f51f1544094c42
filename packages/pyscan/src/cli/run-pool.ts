// Analyses the selected files: on pyscan's worker pool, or on this thread when the input is small,
// with progress on a terminal.
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { analyzeFileAt } from '../analyze-file.js';
import { createAnalyzerPool } from '../pool.js';
import type { FileAnalysis } from '../types.js';
import { tuneV8ForAnalysis } from '../v8-tuning.js';

/**
 * Inputs up to this many bytes are analysed on the CLI's own thread. Starting a worker costs
 * 100-130 ms of CPU (a Node.js environment and the analyser compiled again), about what analysing
 * 500 kB costs on the thread that is already running; below it the pool only adds CPU time, which
 * matters most on a shared CI runner or in a pre-commit hook (bench/pyscan-dist/README.md).
 */
export const MAIN_THREAD_MAX_BYTES = 512 * 1024;

interface Target {
  absPath: string;
  relPath: string;
}

function totalBytes(files: readonly Target[], limit: number): number {
  let sum = 0;
  for (const f of files) {
    try {
      sum += statSync(f.absPath).size;
    } catch {
      // Unreadable: its row says so; it costs nothing to analyse.
    }
    if (sum > limit) break;
  }
  return sum;
}

/**
 * No pool at all for no files; never more workers than files; none for a small input unless a per-file
 * time budget was asked for: only a worker can be stopped in the middle of a file. (The default
 * budget, 30 s, is not at stake: analysis time grows in proportion to a file's size, pathological
 * shapes included (test/pathological.test.ts), and 512 kB take well under a second.)
 */
export async function analyzeWithPool(
  files: Target[],
  threads: number | undefined,
  maxFileSeconds: number,
  budgetAsked: boolean,
): Promise<{ results: FileAnalysis[]; threads: number }> {
  if (files.length === 0) return { results: [], threads: 0 };
  const tty = process.stderr.isTTY === true;
  let done = 0;
  const progress = (r: FileAnalysis): FileAnalysis => {
    done++;
    if (tty && (done % 25 === 0 || done === files.length)) {
      process.stderr.write(`\ranalysed ${done}/${files.length} files`);
    }
    return r;
  };
  if (!budgetAsked && totalBytes(files, MAIN_THREAD_MAX_BYTES) <= MAIN_THREAD_MAX_BYTES) {
    tuneV8ForAnalysis();
    const results: FileAnalysis[] = [];
    for (const f of files) results.push(progress(await analyzeFileAt(f.absPath, f.relPath)));
    if (tty) process.stderr.write('\r\u001b[K');
    return { results, threads: 1 };
  }
  const pool = await createAnalyzerPool({
    maxFileSeconds,
    threads: Math.max(1, Math.min(threads ?? availableParallelism(), files.length)),
  });
  try {
    const results = await Promise.all(
      files.map(async (f) => progress(await pool.analyzeFile(f.absPath, f.relPath))),
    );
    return { results, threads: pool.threads };
  } finally {
    // The workers stop while the report is written (only the process's exit waits for them).
    void pool.close();
    if (tty) process.stderr.write('\r\u001b[K');
  }
}
