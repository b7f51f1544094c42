/** Stable failure codes of a clone, as recorded on a failed run. */
export type CloneErrorCode =
  | 'clone_failed'
  | 'ref_not_found'
  | 'repo_too_large'
  | 'clone_timeout'
  | 'interrupted';

/** A clone failure with a stable code and a message safe to show to users (no credentials, no stack). */
export class CloneError extends Error {
  override readonly name = 'CloneError';
  constructor(
    readonly code: CloneErrorCode,
    message: string,
  ) {
    super(message);
  }
}
