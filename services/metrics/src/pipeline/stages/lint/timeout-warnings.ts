import { type FileAnalysis, isTimeoutError } from '@app/pyscan';

/** One warning per file the pool stopped at its time budget (MAX_FILE_SECONDS). */
export function timeoutWarnings(analyses: FileAnalysis[], seconds: number): string[] {
  return analyses
    .filter((a) => isTimeoutError(a.file.parse_error))
    .map(
      (a) => `${a.file.path}: analysis stopped after ${seconds} s (MAX_FILE_SECONDS); its metrics are empty`,
    );
}
