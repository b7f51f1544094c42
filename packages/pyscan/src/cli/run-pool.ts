// Analyses the selected files on pyscan's worker pool, with progress on a terminal.
import { availableParallelism } from 'node:os';
import { createAnalyzerPool } from '../pool.js';
import type { FileAnalysis } from '../types.js';

/** No pool at all for no files; never more workers than files. */
export async function analyzeWithPool(
  files: { absPath: string; relPath: string }[],
  threads: number | undefined,
  maxFileSeconds: number,
): Promise<{ results: FileAnalysis[]; threads: number }> {
  if (files.length === 0) return { results: [], threads: 0 };
  const pool = await createAnalyzerPool({
    maxFileSeconds,
    threads: Math.max(1, Math.min(threads ?? availableParallelism(), files.length)),
  });
  const tty = process.stderr.isTTY === true;
  let done = 0;
  try {
    const results = await Promise.all(
      files.map(async (f) => {
        const r = await pool.analyzeFile(f.absPath, f.relPath);
        done++;
        if (tty && (done % 25 === 0 || done === files.length)) {
          process.stderr.write(`\ranalysed ${done}/${files.length} files`);
        }
        return r;
      }),
    );
    return { results, threads: pool.threads };
  } finally {
    // The workers stop while the report is written (only the process's exit waits for them).
    void pool.close();
    if (tty) process.stderr.write('\r\u001b[K');
  }
}
