/** Message counts of one file by pylint category. */
export interface PylintCounts {
  pylint_convention: number;
  pylint_refactor: number;
  pylint_warning: number;
  pylint_error: number;
  pylint_fatal: number;
}

/**
 * Pylint's own evaluation applied to one file:
 * `max(0, 10 - 10 * (5 * error + warning + refactor + convention) / statements)`, 0 with any fatal.
 * With no statements (an empty module, or one pylint could not parse) pylint gives no score; the formula's
 * limit is used instead: 10 with no messages, 0 with any. Not rounded: that is the display's job.
 */
export function pylintScore(c: PylintCounts, statements: number): number {
  if (c.pylint_fatal > 0) return 0;
  const penalty = 5 * c.pylint_error + c.pylint_warning + c.pylint_refactor + c.pylint_convention;
  if (statements <= 0) return penalty > 0 ? 0 : 10;
  return Math.max(0, 10 - (10 * penalty) / statements);
}
