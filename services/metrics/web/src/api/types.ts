// Shapes of the metrics service's public API, as the UI reads them.

export type Stage =
  | 'pending'
  | 'cloning'
  | 'discovering'
  | 'analyzing'
  | 'git_analysis'
  | 'generating'
  | 'done'
  | 'failed';

export type Status = 'pending' | 'running' | 'done' | 'failed';

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
}

export interface Analysis {
  id: number;
  repo_url: string;
  branch: string | null;
  ref: string | null;
  ref_used?: string | null;
  status: Status;
  stage: Stage;
  progress: { done: number; total: number };
  commit_sha: string | null;
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

/** One file-level row; numbers are null where the metric could not be computed or was not enabled. */
export interface FileRow {
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

/** One finished run in a repository's trend (oldest first). */
export interface TrendPoint {
  id: number;
  commit_sha: string;
  created_at: string;
  finished_at: string | null;
  files: number;
  classes: number;
  functions: number;
  loc: number;
  sloc: number;
  cc_avg: number | null;
  cc_max: number | null;
  mi_avg: number | null;
  pylint_avg: number | null;
  parse_errors: number;
}

// ---- History insights (issue 17): hotspots, change coupling, knowledge, code age ----

/** Whether a run read the full git history; every history insight carries it. */
export interface HistoryState {
  available: boolean;
  reason: 'shallow_clone' | 'history_disabled' | null;
  commits_read: number;
}

export interface HotspotFunction {
  name: string;
  class_name: string | null;
  lineno: number;
  complexity: number;
  cognitive: number;
}

export interface HotspotItem {
  path: string;
  score: number;
  rank: number;
  revisions: number;
  revisions_90d: number;
  churn: number;
  churn_90d: number;
  complexity: number;
  cognitive: number;
  loc: number;
  age_months: number;
  top_functions: HotspotFunction[];
}

export interface HotspotFolder {
  path: string;
  score: number;
  score_sum: number;
  files: number;
}

export interface HotspotsResponse {
  history: HistoryState;
  by: 'cc' | 'cognitive';
  total: number;
  items: HotspotItem[];
  folders: HotspotFolder[];
}

export interface CouplingPair {
  path_a: string;
  path_b: string;
  shared_commits: number;
  degree: number;
  revisions_a: number;
  revisions_b: number;
}

export interface CouplingResponse {
  history: HistoryState;
  total: number;
  params: { min_revisions: number; min_shared: number; min_degree: number; max_commit_files: number };
  items: CouplingPair[];
}

export interface Person {
  name: string;
  email: string;
}

export interface KnowledgeResponse {
  history: HistoryState;
  bus_factor: number;
  authors_total: number;
  authors: (Person & { files_main: number; lines: number })[];
  files: {
    path: string;
    main_author: Person | null;
    main_author_share: number;
    knowledgeable_authors: number;
    authors_total: number;
  }[];
  folders: { path: string; bus_factor: number; files: number }[];
  at_risk: { path: string; main_author: Person; main_author_share: number }[];
}

export type AgeBucket = '<1 month' | '1-3 months' | '3-6 months' | '6-12 months' | '1-2 years' | '>2 years';

export interface CodeAgeResponse {
  history: HistoryState;
  files: { path: string; age_months: number; last_changed: string }[];
  distribution: { label: AgeBucket; files: number }[];
}
