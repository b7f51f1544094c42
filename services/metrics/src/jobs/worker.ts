import type { AppContext } from '../context.js';

/** Placeholder until the pipeline lands. */
export class Worker {
  constructor(readonly ctx: AppContext) {}
  wake(): void {}
  start(): void {}
  async stop(): Promise<void> {}
}
