// Shapes of the metrics service's public API, as the UI reads them.

export type Stage =
  | 'pending'
  | 'cloning'
  | 'discovering'
  | 'analyzing'
  | 'linting'
  | 'git_analysis'
  | 'generating'
  | 'done'
  | 'failed'
  | 'cancelled';

export type Status = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** Whether a run has ended (it will not change any more). */
export const isFinished = (s: Status) => s === 'done' || s === 'failed' || s === 'cancelled';

/** The summary row of a finished run (pyscan's summary columns). */
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

export interface Analysis {
  id: number;
  repo_url: string;
  branch: string | null;
  ref: string | null;
  ref_used?: string | null;
  status: Status;
  stage: Stage;
  /** For a queued run, its place in the queue (1 = next). */
  queue_position?: number | null;
  progress: { done: number; total: number };
  commit_sha: string | null;
  commit_date: string | null;
  history_parent_id: number | null;
  output_name: string | null;
  warnings: string[];
  error: { code: string; message: string } | null;
  settings?: { history?: boolean; pylint?: boolean } & Record<string, unknown>;
  stages?: { stage: Stage; at: string }[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  summary: Summary | null;
}

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

// Trend shapes: src/trends/trend-types.ts (shared with the service).

// ---- History insights (issue 17): hotspots, change coupling, knowledge, code age ----

/** Whether the run had the full git history these views need; every insights response carries it. */
export interface HistoryState {
  available: boolean;
  reason: 'shallow_clone' | 'history_disabled' | null;
  commits_read: number;
}

export type HotspotBy = 'cc' | 'cognitive';

export interface HotspotFunction {
  name: string;
  class_name: string | null;
  lineno: number;
  complexity: number;
  cognitive: number;
}

export interface HotspotItem {
  path: string;
  /** (revisions / max revisions) × (complexity / max complexity), 0..1. */
  score: number;
  /** 1-based, over the whole run (not the page). */
  rank: number;
  revisions: number;
  revisions_90d: number;
  /** Lines added + deleted over the whole history. */
  churn: number;
  churn_90d: number;
  /** Sum of the file's function cyclomatic complexity. */
  complexity: number;
  /** Sum of the file's function cognitive complexity. */
  cognitive: number;
  loc: number;
  age_months: number;
  /** Up to 5, worst first by `by`. */
  top_functions: HotspotFunction[];
}

export interface HotspotFolder {
  /** '' is the repository root. */
  path: string;
  /** The highest score of its files. */
  score: number;
  score_sum: number;
  files: number;
}

export interface HotspotsResponse {
  history: HistoryState;
  by: HotspotBy;
  total: number;
  items: HotspotItem[];
  folders: HotspotFolder[];
}

export interface CouplingParams {
  min_revisions: number;
  min_shared: number;
  min_degree: number;
  max_commit_files: number;
}

export interface CouplingPair {
  path_a: string;
  path_b: string;
  shared_commits: number;
  /** shared / average revisions of the two, in %, rounded to 1 decimal. */
  degree: number;
  revisions_a: number;
  revisions_b: number;
}

export interface CouplingResponse {
  history: HistoryState;
  total: number;
  params: CouplingParams;
  items: CouplingPair[];
}

export interface AuthorRef {
  name: string;
  email: string;
}

export interface KnowledgeAuthor extends AuthorRef {
  /** Files where this author is the main author. */
  files_main: number;
  /** Changed lines (added + deleted) over the analysed files. */
  lines: number;
}

export interface KnowledgeFile {
  path: string;
  main_author: AuthorRef | null;
  /** 0..1 */
  main_author_share: number;
  /** Authors with at least 10 % of the file's changed lines. */
  knowledgeable_authors: number;
  authors_total: number;
}

export interface KnowledgeFolder {
  path: string;
  bus_factor: number;
  files: number;
}

export interface AtRiskFile {
  path: string;
  main_author: AuthorRef;
  main_author_share: number;
}

export interface KnowledgeResponse {
  history: HistoryState;
  bus_factor: number;
  authors_total: number;
  authors: KnowledgeAuthor[];
  files: KnowledgeFile[];
  folders: KnowledgeFolder[];
  at_risk: AtRiskFile[];
}

export type AgeBucket = '<1 month' | '1-3 months' | '3-6 months' | '6-12 months' | '1-2 years' | '>2 years';

export interface CodeAgeFile {
  path: string;
  /** Whole months since the file last changed before the analysed commit. */
  age_months: number;
  /** ISO-8601 author date of that last change. */
  last_changed: string;
}

export interface CodeAgeResponse {
  history: HistoryState;
  files: CodeAgeFile[];
  distribution: { label: AgeBucket; files: number }[];
}

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
