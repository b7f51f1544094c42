import type { Cloned } from './clone-stage.js';
import type { Discovered } from './discover-stage.js';
import type { Measured } from './measure-stage.js';
import type { RunScope } from './run-scope.js';

/** How a pass over earlier commits went: commits measured now, and kept from an earlier attempt. */
export interface CommitsOutcome {
  commits: number;
  reused: number;
}

/**
 * A pass over earlier commits riding along the run's stages (a history run): a port, since history
 * runs sit above the pipeline; the worker is given the implementation by the composition root.
 */
export interface CommitsPassPort {
  /** After discovery: starts the pass (fetching what it reads), or null when the run asks for none. */
  start(run: RunScope, clone: Cloned, found: Discovered): CommitsPass | null;
}

/** One run's pass over earlier commits. */
export interface CommitsPass {
  /** After the measure stage: measures the first commits with the run's cache and pool. */
  measure(m: Pick<Measured, 'cache' | 'pool'>): void;
  /** The history stage: stores and reports every commit, while the run's outputs are made. */
  run(): Promise<CommitsOutcome>;
  /** Stops the pass (the run ended, maybe failed) and waits until nothing of it runs. */
  stop(): Promise<void>;
}
