import { join } from 'node:path';
import { type AnalyzerPool, type FileAnalysis, isTimeoutError } from '@app/pyscan';

/**
 * Analyses every file on the pool, keeping the result order equal to `files` whatever order the
 * workers finish in, and reporting each finished file.
 */
export async function analyzeFiles(
  pool: AnalyzerPool,
  root: string,
  files: string[],
  onDone: (done: number) => void,
  signal?: AbortSignal,
): Promise<FileAnalysis[]> {
  let done = 0;
  const out = await Promise.all(
    files.map(async (rel) => {
      signal?.throwIfAborted();
      const res = await pool.analyzeFile(join(root, rel), rel);
      done++;
      onDone(done);
      return res;
    }),
  );
  signal?.throwIfAborted();
  return out;
}

/** One warning per file the pool stopped at its time budget (MAX_FILE_SECONDS). */
export function timeoutWarnings(analyses: FileAnalysis[], seconds: number): string[] {
  return analyses
    .filter((a) => isTimeoutError(a.file.parse_error))
    .map(
      (a) => `${a.file.path}: analysis stopped after ${seconds} s (MAX_FILE_SECONDS); its metrics are empty`,
    );
}
