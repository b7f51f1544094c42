/** Why bandit produced no results: the run records a warning and its security findings stay empty. */
export type BanditErrorCode = 'bandit_missing' | 'bandit_timeout' | 'bandit_failed' | 'interrupted';

/** A typed bandit failure with a message safe to record on the run. */
export class BanditError extends Error {
  override readonly name = 'BanditError';
  constructor(
    readonly code: BanditErrorCode,
    message: string,
  ) {
    super(message);
  }
}
