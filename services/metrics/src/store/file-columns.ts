import type { FileMetrics } from '@app/pyscan';

// The columns of a file_metrics row. The store owns them (it is the bottom layer); the pipeline builds
// rows of this shape and the insights compute their part of it.

/** The file_metrics columns the history insights add, in file.csv order (null when the history is unavailable). */
export const INSIGHT_FILE_COLUMNS = [
  'revisions_90d',
  'churn',
  'churn_90d',
  'age_months',
  'main_author_share',
  'knowledgeable_authors',
  'hotspot_score',
] as const;

export interface InsightFileColumns {
  revisions_90d: number | null;
  churn: number | null;
  churn_90d: number | null;
  age_months: number | null;
  main_author_share: number | null;
  knowledgeable_authors: number | null;
  hotspot_score: number | null;
}

/** Stored beside the public columns so the insights endpoints read one table. */
export interface InsightInternalColumns {
  /** Epoch ms of the last change. */
  last_changed: number | null;
  main_author_name: string | null;
  main_author_email: string | null;
  hotspot_score_cognitive: number | null;
  /** Sums over the file's functions (0 without functions). */
  complexity_sum: number;
  cognitive_sum: number;
}

/**
 * A file's public columns, the file.csv row: pyscan's metrics plus the pylint, git-history, insight
 * and duplication columns (null when not measured).
 */
export interface FileColumns extends FileMetrics, InsightFileColumns {
  pylint_score: number | null;
  pylint_convention: number | null;
  pylint_refactor: number | null;
  pylint_warning: number | null;
  pylint_error: number | null;
  pylint_fatal: number | null;
  age_days: number | null;
  revisions: number | null;
  authors: number | null;
  avg_loc_added: number | null;
  avg_loc_deleted: number | null;
  /** Lines inside clones (each once); null when the file was not read for duplication. */
  duplicated_lines: number | null;
  duplicated_lines_pct: number | null;
}
