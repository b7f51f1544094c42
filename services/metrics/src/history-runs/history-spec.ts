import type { FieldError } from '../shared-types/repo-validate.js';

/** Most earlier commits one history run measures. */
export const MAX_HISTORY_COMMITS = 500;

/** What a history run measures besides the analysed commit (stored on the run as `settings.history_run`). */
export interface HistorySpec {
  /** At most this many earlier commits (1–500); with `since` alone, 500. */
  commits: number;
  /** Only commits whose committer date is on or after this day (YYYY-MM-DD, UTC); null = the whole line. */
  since: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The request's `history`: `true`/`false` switch the git-history columns and insights for this run,
 * an object `{commits}` and/or `{since}` asks for a history run. Returns the field errors, the
 * boolean (null when not a boolean) and the spec (null when not a history run).
 */
export function parseHistory(value: unknown): {
  errors: FieldError[];
  insights: boolean | null;
  spec: HistorySpec | null;
} {
  if (value === undefined || value === null) return { errors: [], insights: null, spec: null };
  if (typeof value === 'boolean') return { errors: [], insights: value, spec: null };
  const none = { insights: null, spec: null };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { errors: [{ field: 'history', message: 'must be true, false, {commits} or {since}' }], ...none };
  }
  const v = value as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const k of Object.keys(v)) {
    if (k !== 'commits' && k !== 'since')
      errors.push({ field: `history.${k}`, message: 'is not a known field' });
  }
  if (v.commits === undefined && v.since === undefined) {
    errors.push({ field: 'history', message: 'must hold commits (1–500) or since (YYYY-MM-DD)' });
  }
  if (
    v.commits !== undefined &&
    (typeof v.commits !== 'number' ||
      !Number.isInteger(v.commits) ||
      v.commits < 1 ||
      v.commits > MAX_HISTORY_COMMITS)
  ) {
    errors.push({ field: 'history.commits', message: `must be an integer from 1 to ${MAX_HISTORY_COMMITS}` });
  }
  if (v.since !== undefined && !(typeof v.since === 'string' && validDay(v.since))) {
    errors.push({ field: 'history.since', message: 'must be a date as YYYY-MM-DD' });
  }
  if (errors.length > 0) return { errors, ...none };
  return {
    errors,
    insights: null,
    spec: {
      commits: (v.commits as number | undefined) ?? MAX_HISTORY_COMMITS,
      since: (v.since as string | undefined) ?? null,
    },
  };
}

function validDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Two specs ask for the same history run. */
export function sameHistory(a: HistorySpec | null | undefined, b: HistorySpec | null | undefined): boolean {
  return (a?.commits ?? null) === (b?.commits ?? null) && (a?.since ?? null) === (b?.since ?? null);
}
