import type { ResultWriterOptions } from '../results/result-writer.js';

/** Tuning and hooks of the check engine (tests and benchmarks use short leases and polls). */
export interface EngineOptions {
  /** Checks in flight at most; the rest wait their turn (they are mostly waiting on I/O). */
  concurrency?: number;
  leaseMs?: number;
  renewMs?: number;
  /** How often changes made through other instances are picked up. */
  pollMs?: number;
  flushMs?: number;
  /** On shutdown, running checks get this long to finish before they are aborted. */
  stopGraceMs?: number;
  /** The lease owner identity; by default one naming this process (see ownerProcessGone). */
  owner?: string;
  /** Called as each scheduled check starts with its lag (start minus due), for benchmarks. */
  onCheckStarted?: (lagMs: number) => void;
  /** Whether a maintenance window covers the monitor at a time (answered from memory). */
  isUnderMaintenance?: (monitorId: number, at: number) => boolean;
  /** After each result batch commits; see ResultWriterOptions.onStored. */
  onResultsStored?: ResultWriterOptions['onStored'];
  /** Runs in each result batch's transaction; see ResultWriterOptions.inTransaction. */
  inTransaction?: ResultWriterOptions['inTransaction'];
  /**
   * Whether a check location's votes count now for a monitor of `monitorType`: online (issue 13) and
   * able to run the type (issue 32); answered from memory. Default: all.
   */
  isLocationOnline?: (locationId: string, monitorType?: string) => boolean;
  /** Opens the monitors' stored credentials (AES-256-GCM key, see auth/secret-key.ts). */
  secretKey?: Buffer;
}
