import type { Kysely } from 'kysely';
import type { AnalysisRow } from '../store/repos/analyses-repo.js';
import type { MetricsDB } from '../store/schema.js';

/**
 * What the services reading a finished run's rows need, wired by the API layer: the database, and the
 * rows of a per-commit run stored by reference written on first read (history runs sit above the
 * pipeline, so that comes in as a port).
 */
export interface RunReads {
  db: Kysely<MetricsDB>;
  ensureRows(row: AnalysisRow): Promise<void>;
}
