/**
 * Pylint messages that describe the analysis environment rather than the code: the service checks a
 * bare clone, without the project's dependencies installed or the project installed as a package, so
 * imports of third-party packages cannot be resolved (`import-error`), a namespace sub-package's
 * relative imports look like they leave the top level (`relative-beyond-top-level`), and members of
 * compiled extensions cannot be inspected (`c-extension-no-member`). They are kept as findings, marked
 * as environment findings, and left out of the counts, score and grade unless
 * PYLINT_ENVIRONMENT_IN_SCORE is set.
 */
export const ENVIRONMENT_SYMBOLS: ReadonlySet<string> = new Set([
  'import-error',
  'relative-beyond-top-level',
  'c-extension-no-member',
]);

export const isEnvironmentSymbol = (symbol: string | undefined): boolean =>
  symbol !== undefined && ENVIRONMENT_SYMBOLS.has(symbol);
