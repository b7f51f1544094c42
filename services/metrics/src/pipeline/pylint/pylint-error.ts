/** Why pylint produced no results: the job records a warning and leaves the pylint columns empty. */
export type PylintErrorCode =
  | 'pylint_missing'
  | 'pylint_timeout'
  | 'pylint_failed'
  /** Pylint ran but crashed on the batch (no parseable output): its files are retried in smaller batches. */
  | 'pylint_crashed'
  | 'interrupted';

/** A typed pylint failure with a message safe to record on the run. */
export class PylintError extends Error {
  override readonly name = 'PylintError';
  constructor(
    readonly code: PylintErrorCode,
    message: string,
  ) {
    super(message);
  }
}
