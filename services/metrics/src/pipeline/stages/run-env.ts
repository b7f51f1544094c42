import type { Logger } from '@app/kit';
import type { AnalyzerPool } from '@app/pyscan';
import type { Kysely } from 'kysely';
import type { MetricsConfig } from '../../config.js';
import type { AnalysisEvents } from '../../platform/events/analysis-events.js';
import type { MetricsDB } from '../../store/schema.js';

/** What a run uses of the process (the composition root's context satisfies it). */
export interface RunDeps {
  config: MetricsConfig;
  db: Kysely<MetricsDB>;
  log: Logger;
  events: Pick<AnalysisEvents, 'changed' | 'progress'>;
}

/** What one run gets from its worker. */
export interface RunEnv {
  deps: RunDeps;
  /** The worker's lease identity. */
  owner: string;
  /** Aborted when the process stops or the lease is lost. */
  signal: AbortSignal;
  /** Whether a lease owner is a worker of this host that no longer exists (absent: only expiry tells). */
  ownerIsGone?: (owner: string) => boolean;
  /** The process's shared pyscan pool (started on first use). */
  pool(): Promise<AnalyzerPool>;
}
