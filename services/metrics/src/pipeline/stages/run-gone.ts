/** The run stopped being this worker's (cancelled or deleted) while it was finishing. */
export class RunGone extends Error {
  constructor(id: number) {
    super(`analysis ${id} was cancelled or deleted while it was finishing`);
  }
}
