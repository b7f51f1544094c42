import type { AnalyzerPool } from '@app/pyscan';
import type { AppContext } from '../context.js';

/** What one run gets from its worker. */
export interface RunEnv {
  ctx: AppContext;
  /** The worker's lease identity. */
  owner: string;
  /** Aborted when the process stops or the lease is lost. */
  signal: AbortSignal;
  /** The process's shared pyscan pool (started on first use). */
  pool(): Promise<AnalyzerPool>;
}
