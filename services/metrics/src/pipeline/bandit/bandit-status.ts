import type { BanditErrorCode } from './bandit-error.js';

const EMPTY = ': security findings are empty';
const NAMED = 5;

/** The warning of a bandit step that gave no results at all (never read as "no security issues"). */
export function banditFailureWarning(
  code: Exclude<BanditErrorCode, 'interrupted'>,
  message: string,
  command: string,
): string {
  if (code === 'bandit_missing') return `bandit is enabled but "${command}" was not found${EMPTY}`;
  return `${message}${EMPTY}`;
}

/** The warning for files bandit could not check (their security findings are unknown, not none). */
export function banditSkippedWarning(skipped: { path: string; reason: string }[]): string | null {
  if (skipped.length === 0) return null;
  const paths = skipped.map((s) => s.path).sort();
  const named = paths.slice(0, NAMED).join(', ') + (paths.length > NAMED ? ', …' : '');
  return `bandit could not check ${paths.length === 1 ? '1 file' : `${paths.length} files`} (${named}): ${skipped[0]!.reason}; no security findings for ${paths.length === 1 ? 'it' : 'them'}`;
}

/**
 * How bandit ended in a finished run, read from its recorded warnings (made above, and only here):
 * `off`, `ok`, `missing` (command not found), `timed_out`, `failed` (no results), `partial` (files it
 * could not check); `unrecorded` for a run from before runs recorded whether bandit was on and with
 * no bandit warning. Null while the run has not finished.
 */
export type BanditStatus = 'off' | 'ok' | 'missing' | 'timed_out' | 'failed' | 'partial' | 'unrecorded';

export function banditStatusOf(run: {
  status: string;
  /** The run's settings.bandit (undefined on older runs). */
  banditEnabled: boolean | undefined;
  warnings: readonly string[];
}): BanditStatus | null {
  if (run.status !== 'done') return null;
  if (run.banditEnabled === false) return 'off';
  for (const w of run.warnings) {
    if (!w.endsWith(EMPTY)) continue;
    if (w.startsWith('bandit is enabled but ')) return 'missing';
    if (w.startsWith('bandit took longer than the time allowed')) return 'timed_out';
    if (w.startsWith('bandit ')) return 'failed';
  }
  if (run.warnings.some((w) => w.startsWith('bandit could not check '))) return 'partial';
  return run.banditEnabled === true ? 'ok' : 'unrecorded';
}
