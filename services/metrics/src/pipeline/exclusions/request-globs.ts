// The `exclude` globs a client may send with an analysis request.
import { globProblem } from '@app/pyscan/config';
import type { FieldError } from '../../shared-types/repo-validate.js';

/** At most this many globs per request, each at most MAX_GLOB_LENGTH characters. */
export const MAX_EXCLUDE_GLOBS = 50;
export const MAX_GLOB_LENGTH = 200;

/** Every problem of the request's `exclude`, one field error per bad glob (none when absent). */
export function excludeErrors(value: unknown): FieldError[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [{ field: 'exclude', message: 'must be an array of glob strings' }];
  if (value.length > MAX_EXCLUDE_GLOBS) {
    return [{ field: 'exclude', message: `must hold at most ${MAX_EXCLUDE_GLOBS} globs` }];
  }
  const errors: FieldError[] = [];
  value.forEach((g, i) => {
    const field = `exclude.${i}`;
    if (typeof g !== 'string') errors.push({ field, message: 'must be a string' });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    else if (/[\u0000-\u001f\u007f]/.test(g))
      errors.push({ field, message: 'must not hold control characters' });
    else {
      const problem = globProblem(g, MAX_GLOB_LENGTH);
      if (problem) errors.push({ field, message: problem });
    }
  });
  return errors;
}

/** The globs in request order without repeats (validated first). */
export function normalizeExclude(value: string[] | null | undefined): string[] {
  return [...new Set(value ?? [])];
}

/** Two runs exclude the same when their glob lists hold the same globs. */
export function sameExclude(a: readonly string[], b: readonly string[]): boolean {
  const sa = [...new Set(a)].sort();
  const sb = [...new Set(b)].sort();
  return sa.length === sb.length && sa.every((g, i) => g === sb[i]);
}
