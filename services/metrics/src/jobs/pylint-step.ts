import type { PylintFileResult } from '../results/file-row.js';
import type { RunEnv } from './run-env.js';

/** Runs pylint over `files` in `dir`; null (with a warning pushed) when pylint cannot run. */
export async function runPylintStep(
  _env: RunEnv,
  _dir: string,
  _files: string[],
  warnings: string[],
): Promise<Map<string, PylintFileResult> | null> {
  warnings.push('pylint is not available in this build: pylint columns are empty');
  return null;
}
