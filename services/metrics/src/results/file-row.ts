import type { FileMetrics } from '@app/pyscan';
import type { FileHistory } from '../history/git-history.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';

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
    pylint_score: pylint?.pylint_score ?? null,
    pylint_convention: pylint?.pylint_convention ?? null,
    pylint_refactor: pylint?.pylint_refactor ?? null,
    pylint_warning: pylint?.pylint_warning ?? null,
    pylint_error: pylint?.pylint_error ?? null,
    pylint_fatal: pylint?.pylint_fatal ?? null,
    age_days: history?.age_days ?? null,
    revisions: history?.revisions ?? null,
    authors: history?.authors ?? null,
    avg_loc_added: history?.avg_loc_added ?? null,
    avg_loc_deleted: history?.avg_loc_deleted ?? null,
  };
}
