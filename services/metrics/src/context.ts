import type { DialectName, Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { MetricsConfig } from './config.js';
import type { AnalysisEvents } from './platform/events/analysis-events.js';
import type { MetricsDB } from './store/schema.js';

/** What every route and service needs, built once at start and passed down (no globals). */
export interface AppContext {
  config: MetricsConfig;
  db: Kysely<MetricsDB>;
  dialect: DialectName;
  log: Logger;
  /** In-process notifications that a run changed (the stream also polls, for other processes' workers). */
  events: AnalysisEvents;
  /** Wakes the local worker when a run is queued. */
  wakeWorker(): void;
  /** Stops the run `id` at once on whichever instance's worker has it (the relay tells the others). */
  cancelRun(id: number): void;
  /** Removes a deleted run's output folder here and on every other instance that has it. */
  removeOutputFolder(name: string): Promise<void>;
}
