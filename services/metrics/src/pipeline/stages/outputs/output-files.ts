import type { StoredOutput } from '../../../store/repos/outputs-repo.js';
import type { RunResults } from '../../results/build-results.js';

/** What names a run's output folder (see outputs/output/output-name.ts). */
export interface OutputNameInput {
  repo: string;
  startedAt: Date;
  ref: string;
  analysisId: number;
  commitSha: string;
}

/**
 * The run's output files (CSV, reports, ZIP) as the outputs stage writes them: a port, since the
 * exports sit above the pipeline; the composition root wires the outputs folder's writer.
 */
export interface OutputFiles {
  name(parts: OutputNameInput): string;
  /** Writes the run's folder and ZIP named `name`; the stored copies to keep with the run's rows. */
  write(name: string, results: RunResults): Promise<StoredOutput[]>;
  /** Removes the run's folder (and a half-written one). */
  remove(name: string): Promise<void>;
}
