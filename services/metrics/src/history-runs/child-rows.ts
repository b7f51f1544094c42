import { type FileAnalysis, summarize } from '@app/pyscan';
import type { Insertable } from 'kysely';
import { fileRow } from '../pipeline/results/file-row.js';
import type {
  ClassMetricsTable,
  FileMetricsTable,
  FunctionMetricsTable,
  SummariesTable,
} from '../store/schema.js';

type Row<T> = Omit<Insertable<T>, 'analysis_id'>;

/** A per-commit run's results: pyscan's levels and the summary, without pylint, history or duplication. */
export interface ChildResults {
  files: Row<FileMetricsTable>[];
  classes: Row<ClassMetricsTable>[];
  functions: Row<FunctionMetricsTable>[];
  summaryRow: Row<SummariesTable>;
  /** The record's `summary` (the same keys as a normal run's). */
  summary: Record<string, unknown>;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A per-commit run's file, class and function rows, in the shape of a normal run's rows. */
export type ChildRows = Pick<ChildResults, 'files' | 'classes' | 'functions'>;

export function childRows(analyses: FileAnalysis[]): ChildRows {
  return {
    files: analyses.map((a) => ({
      ...fileRow(a.file, undefined, undefined, undefined, null),
      last_changed: null,
      main_author_name: null,
      main_author_email: null,
      hotspot_score_cognitive: null,
      complexity_sum: null,
      cognitive_sum: null,
    })),
    classes: analyses.flatMap((a) => a.classes),
    functions: analyses.flatMap((a) =>
      a.functions.map(({ class: cls, is_method, ...rest }) => ({
        ...rest,
        class_name: cls,
        is_method: is_method ? 1 : 0,
      })),
    ),
  };
}

/** A per-commit run's summary over every file of `analyses` (the record's and the summaries row). */
export function childSummary(
  analyses: FileAnalysis[],
  info: { repoUrl: string; ref: string; commitSha: string; durationMs: number; now: number },
): Pick<ChildResults, 'summary' | 'summaryRow'> {
  const base = summarize(analyses, {
    repository: info.repoUrl,
    ref: info.ref,
    commit: info.commitSha,
    pylint_avg: null,
    history_enabled: false,
    duration_s: Math.round(info.durationMs / 100) / 10,
  });
  return {
    summary: { ...base, duplicated_lines: null, duplicated_lines_pct: null },
    summaryRow: {
      repo_url: info.repoUrl,
      commit_sha: info.commitSha,
      files: analyses.length,
      classes: num(base.classes) ?? 0,
      functions: num(base.functions) ?? 0,
      loc: num(base.loc) ?? 0,
      sloc: num(base.sloc) ?? 0,
      cc_avg: num(base.cc_avg),
      cc_max: num(base.cc_max),
      mi_avg: num(base.mi_avg),
      pylint_avg: null,
      parse_errors: num(base.parse_errors) ?? 0,
      created_at: info.now,
      duplicated_lines: null,
      duplicated_lines_pct: null,
    },
  };
}

/**
 * Rows of one commit of a history run. The summary covers every file of `analyses`; the file, class
 * and function rows only those `rowsOf` keeps (all by default: without the content cache, a
 * per-commit run copies the rows of files unchanged since the previous one inside the database).
 */
export function childResults(
  analyses: FileAnalysis[],
  info: { repoUrl: string; ref: string; commitSha: string; durationMs: number; now: number },
  rowsOf: (a: FileAnalysis, index: number) => boolean = () => true,
): ChildResults {
  return { ...childRows(analyses.filter(rowsOf)), ...childSummary(analyses, info) };
}
