/**
 * What became of pylint in a finished run, for the API and the dashboard: `off` (disabled), `ok`,
 * `timed_out` (killed at PYLINT_TIMEOUT_SECONDS), `missing` (command not found), `failed` (exited
 * with an error), `partial` (crashed on some files). An empty pylint column reads very differently
 * in each case, so "pylint off" must only ever mean that it was turned off.
 *
 * The status is read from the run's recorded warnings, whose texts are made here and only here: runs
 * analysed before the status existed get the right one too, with no new column.
 */
export type PylintStatus = 'off' | 'ok' | 'timed_out' | 'missing' | 'failed' | 'partial';

const EMPTY = ': pylint columns are empty';
const TIMED_OUT = 'pylint took longer than the time allowed';
const MISSING = 'pylint is enabled but ';
const CRASHED = 'pylint crashed on ';

/** The warning of a pylint step that gave no results at all. */
export function pylintFailureWarning(
  code: 'pylint_missing' | 'pylint_timeout' | 'pylint_failed' | 'pylint_crashed',
  message: string,
  command: string,
): string {
  if (code === 'pylint_missing') return `${MISSING}"${command}" was not found${EMPTY}`;
  if (code === 'pylint_timeout') return `${TIMED_OUT}${EMPTY}`;
  return `${message}${EMPTY}`;
}

const NAMED_FILES = 5;

/** The warning for the files pylint crashed on (grouped by pylint's message). */
export function pylintCrashWarning(files: string[], message: string): string {
  if (files.length === 1) return `${CRASHED}${files[0]}: ${message}; its pylint columns are empty`;
  const sorted = [...files].sort();
  const named = sorted.slice(0, NAMED_FILES).join(', ') + (sorted.length > NAMED_FILES ? ', …' : '');
  return `${CRASHED}${files.length} files (${named}): ${message}; their pylint columns are empty`;
}

/** The status of a run's pylint step; null while the run has not finished (or did not finish). */
export function pylintStatusOf(run: {
  status: string;
  pylintEnabled: boolean;
  warnings: readonly string[];
}): PylintStatus | null {
  if (run.status !== 'done') return null;
  if (!run.pylintEnabled) return 'off';
  for (const w of run.warnings) {
    if (w.startsWith(TIMED_OUT) && w.endsWith(EMPTY)) return 'timed_out';
    if (w.startsWith(MISSING) && w.endsWith(EMPTY)) return 'missing';
  }
  if (run.warnings.some((w) => w.endsWith(EMPTY))) return 'failed';
  if (run.warnings.some((w) => w.startsWith(CRASHED))) return 'partial';
  return 'ok';
}
