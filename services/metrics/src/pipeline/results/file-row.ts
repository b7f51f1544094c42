import { FILE_COLUMNS, type FileMetrics } from '@app/pyscan';
import { type FileColumns, INSIGHT_FILE_COLUMNS, type InsightFileColumns } from '../../store/file-columns.js';
import { duplicatedPct } from '../duplication/detect-duplication.js';
import type { FileHistory } from '../history/git-history.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';

/** file.csv's columns in order: pyscan's (pylint and history included), then the history insights'. */
export const FILE_CSV_COLUMNS = [
  ...FILE_COLUMNS,
  ...INSIGHT_FILE_COLUMNS,
  'duplicated_lines',
  'duplicated_lines_pct',
] as const;

/** A file.csv row: the store owns its columns (store/file-columns.ts), the pipeline fills them. */
export type FileRow = FileColumns;

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
