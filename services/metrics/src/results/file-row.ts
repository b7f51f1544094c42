import type { FileMetrics } from '@app/pyscan';
import type { FileHistory } from '../history/git-history.js';

/** Pylint's result for one file. */
export interface PylintFileResult {
  score: number;
  convention: number;
  refactor: number;
  warning: number;
  error: number;
  fatal: number;
}

/** A file.csv row: pyscan's metrics plus the pylint and git-history columns (null when not measured). */
export interface FileRow extends FileMetrics {
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
}

/** Joins one file's three sources into its row. */
export function fileRow(
  m: FileMetrics,
  pylint: PylintFileResult | undefined,
  history: FileHistory | undefined,
): FileRow {
  return {
    ...m,
    pylint_score: pylint?.score ?? null,
    pylint_convention: pylint?.convention ?? null,
    pylint_refactor: pylint?.refactor ?? null,
    pylint_warning: pylint?.warning ?? null,
    pylint_error: pylint?.error ?? null,
    pylint_fatal: pylint?.fatal ?? null,
    age_days: history?.age_days ?? null,
    revisions: history?.revisions ?? null,
    authors: history?.authors ?? null,
    avg_loc_added: history?.avg_loc_added ?? null,
    avg_loc_deleted: history?.avg_loc_deleted ?? null,
  };
}
