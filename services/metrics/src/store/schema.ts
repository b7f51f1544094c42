import type { Generated } from 'kysely';

/** Stages of a run in the order they happen; `failed` can follow any of them. */
export const STAGES = [
  'pending',
  'cloning',
  'discovering',
  'analyzing',
  'git_analysis',
  'generating',
  'done',
] as const;
export type Stage = (typeof STAGES)[number] | 'failed';
export type AnalysisStatus = 'pending' | 'running' | 'done' | 'failed';

/** One analysis run: the request, where it is, and how it ended. JSON columns are text. */
export interface AnalysesTable {
  id: Generated<number>;
  repo_url: string;
  owner: string;
  repo: string;
  branch: string | null;
  ref: string | null;
  status: AnalysisStatus;
  stage: Stage;
  /** `[{stage, at}]` of every stage entered, for the stream's replay. */
  stage_times: string;
  progress_done: number;
  progress_total: number;
  commit_sha: string | null;
  ref_used: string | null;
  output_name: string | null;
  /** `string[]` */
  warnings: string;
  error_code: string | null;
  error_message: string | null;
  /** The settings the run used (`{shallow, pylint, skip_test_files, max_file_count}`). */
  settings: string;
  /** The summary object once done. */
  summary: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Which worker holds the run and until when; a lease not renewed in time means the worker died. */
  lease_owner: string | null;
  lease_expires_at: number | null;
  heartbeat_at: number | null;
  attempts: number;
}

/** File-level metrics: pyscan's columns, pylint's and git history's (nullable). */
export interface FileMetricsTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  loc: number | null;
  lloc: number | null;
  sloc: number | null;
  comments: number | null;
  multi: number | null;
  blank: number | null;
  single_comments: number | null;
  functions: number | null;
  classes: number | null;
  cc_total: number | null;
  cc_avg: number | null;
  cc_max: number | null;
  mi: number | null;
  mi_rank: string | null;
  h1: number | null;
  h2: number | null;
  N1: number | null;
  N2: number | null;
  vocabulary: number | null;
  length: number | null;
  volume: number | null;
  difficulty: number | null;
  effort: number | null;
  time: number | null;
  bugs: number | null;
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
  parse_error: string | null;
}

export interface ClassMetricsTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  name: string;
  lineno: number;
  endline: number;
  methods: number;
  complexity: number;
  real_complexity: number;
  rank: string;
}

export interface FunctionMetricsTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  class_name: string;
  name: string;
  lineno: number;
  endline: number;
  is_method: number;
  complexity: number;
  rank: string;
  cognitive: number;
  params: number;
  nloc: number;
  max_nesting: number;
}

/** One row per finished run: the numbers the trend view plots, without parsing JSON. */
export interface SummariesTable {
  analysis_id: number;
  repo_url: string;
  commit_sha: string;
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
  created_at: number;
}

export interface MetricsDB {
  analyses: AnalysesTable;
  file_metrics: FileMetricsTable;
  class_metrics: ClassMetricsTable;
  function_metrics: FunctionMetricsTable;
  summaries: SummariesTable;
}
