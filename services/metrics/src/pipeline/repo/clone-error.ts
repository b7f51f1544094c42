/** Stable failure codes of a clone, as recorded on a failed run. */
export type CloneErrorCode =
  | 'clone_failed'
  /** No such repository on the remote, or a private one (GitHub does not tell them apart). */
  | 'repo_not_found'
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
