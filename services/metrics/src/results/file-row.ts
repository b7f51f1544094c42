import { FILE_COLUMNS, type FileMetrics } from '@app/pyscan';
import { duplicatedPct } from '../duplication/detect-duplication.js';
import type { FileHistory } from '../history/git-history.js';
import { INSIGHT_FILE_COLUMNS, type InsightFileColumns } from '../insights/compute-insights.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';

/** file.csv's columns in order: pyscan's (pylint and history included), then the history insights'. */
export const FILE_CSV_COLUMNS = [
  ...FILE_COLUMNS,
  ...INSIGHT_FILE_COLUMNS,
  'duplicated_lines',
  'duplicated_lines_pct',
] as const;

/** A file.csv row: pyscan's metrics plus the pylint, git-history and insight columns (null when not measured). */
export interface FileRow extends FileMetrics, InsightFileColumns {
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

/** Joins one file's three sources into its row. */
export function fileRow(
  m: FileMetrics,
  pylint: PylintFileResult | undefined,
  history: FileHistory | undefined,
  insights: InsightFileColumns | undefined,
  duplicated: number | null = null,
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
    revisions_90d: insights?.revisions_90d ?? null,
    churn: insights?.churn ?? null,
    churn_90d: insights?.churn_90d ?? null,
    age_months: insights?.age_months ?? null,
    main_author_share: insights?.main_author_share ?? null,
    knowledgeable_authors: insights?.knowledgeable_authors ?? null,
    hotspot_score: insights?.hotspot_score ?? null,
    duplicated_lines: duplicated,
    duplicated_lines_pct: duplicated === null ? null : duplicatedPct(duplicated, m.loc),
  };
}
