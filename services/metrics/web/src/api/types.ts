// Shapes of the metrics service's public API, as the UI reads them. The answers' shapes are the service's
// own declarations in src/shared-types/ (the routes' response schemas), imported as types only so the
// bundle never loads typebox. Refined here: a run's summary and the result rows, which the API
// declares as open records (pyscan's columns).
import type { Analysis as AnalysisAnswer, Status } from '../../../src/shared-types/analysis-shape.js';

export type { PylintStatus, Stage, Status } from '../../../src/shared-types/analysis-shape.js';

/** Whether a run has ended (it will not change any more). */
export const isFinished = (s: Status) => s === 'done' || s === 'failed' || s === 'cancelled';

/** The summary row of a finished run (pyscan's summary columns; the API declares an open record). */
export interface Summary {
  repository?: string | null;
  ref?: string | null;
  commit?: string | null;
  files: number;
  parse_errors?: number;
  classes: number;
  functions: number;
  loc: number;
  lloc?: number;
  sloc?: number;
  comments?: number;
  multi?: number;
  blank?: number;
  cc_avg: number | null;
  cc_max: number | null;
  mi_avg: number | null;
  cc_rank_a?: number;
  cc_rank_b?: number;
  cc_rank_c?: number;
  cc_rank_d?: number;
  cc_rank_e?: number;
  cc_rank_f?: number;
  mi_rank_a?: number;
  mi_rank_b?: number;
  mi_rank_c?: number;
  pylint_avg: number | null;
  history_enabled?: boolean;
  duration_s?: number | null;
  /** Absent on runs from before duplication was measured. */
  duplicated_lines?: number | null;
  duplicated_lines_pct?: number | null;
}

/** A run, with its summary read as pyscan's columns. */
export type Analysis = Omit<AnalysisAnswer, 'summary'> & { summary: Summary | null };

/**
 * One file-level row; numbers are null where the metric could not be computed or was not enabled. The
 * history insights' columns are absent from results stored before they existed.
 */
export interface FileRow extends Partial<FileHistoryInsights> {
  path: string;
  loc: number | null;
  lloc: number | null;
  sloc: number | null;
  comments: number | null;
  functions: number | null;
  classes: number | null;
  cc_total: number | null;
  cc_avg: number | null;
  cc_max: number | null;
  mi: number | null;
  mi_rank: string | null;
  volume: number | null;
  effort: number | null;
  bugs: number | null;
  pylint_score: number | null;
  pylint_error: number | null;
  pylint_warning: number | null;
  age_days: number | null;
  revisions: number | null;
  authors: number | null;
  parse_error: string | null;
  duplicated_lines?: number | null;
  duplicated_lines_pct?: number | null;
  /** Highest cognitive complexity of the file's functions (joined in by the UI). */
  cognitive_max: number | null;
}

export interface ClassRow {
  path: string;
  name: string;
  lineno: number;
  endline: number;
  methods: number;
  complexity: number;
  real_complexity: number;
  rank: string;
}

export interface FunctionRow {
  path: string;
  class: string;
  name: string;
  lineno: number;
  endline: number;
  is_method: boolean;
  complexity: number;
  rank: string;
  cognitive: number;
  params: number;
  nloc: number;
  max_nesting: number;
}

/** RFC 9457 problem details. */
export interface Problem {
  title: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

// Trend shapes: src/shared-types/trend-types.ts (shared with the service).

// ---- History insights (issue 17): hotspots, change coupling, knowledge, code age ----
export type {
  AtRiskFile,
  AuthorRef,
  CodeAgeFile,
  CodeAgeResponse,
  CouplingPair,
  CouplingParams,
  CouplingResponse,
  HistoryState,
  HotspotBy,
  HotspotFolder,
  HotspotFunction,
  HotspotItem,
  HotspotsResponse,
  KnowledgeAuthor,
  KnowledgeFile,
  KnowledgeFolder,
  KnowledgeResponse,
} from '../../../src/shared-types/insight-shapes.js';

/** Columns the insights add to a file row (null when the history is unavailable). */
export interface FileHistoryInsights {
  revisions_90d: number | null;
  churn: number | null;
  churn_90d: number | null;
  age_months: number | null;
  main_author_share: number | null;
  knowledgeable_authors: number | null;
  hotspot_score: number | null;
}
