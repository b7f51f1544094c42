// The CLI's exit codes and the error that maps to "usage or I/O error".

/** Analysis done and the gate (if any) passed. */
export const EXIT_OK = 0;
/** The gate failed: at least one item broke a --fail-on rule. */
export const EXIT_GATE_FAILED = 1;
/** Bad arguments or configuration, a missing path, an unreadable file, a git failure. */
export const EXIT_USAGE = 2;

/** An error the user can fix; main prints its one-line message and exits with EXIT_USAGE. */
export class UsageError extends Error {
  override name = 'UsageError';
}
