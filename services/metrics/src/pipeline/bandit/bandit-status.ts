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
