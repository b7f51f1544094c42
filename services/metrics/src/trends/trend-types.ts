// Shapes of the trend answers, shared by the service and the web UI (no imports).

/** One commit of a repository trend: the newest finished run of that commit in its series. */
export interface TrendPoint {
  id: number;
  /** The series (branch, tag or commit asked for) the point belongs to. */
  series: string;
  ref_used: string | null;
  branch: string | null;
  ref: string | null;
  commit_sha: string;
  /** The commit's committer date (ISO 8601); null for runs from before it was recorded (placed by `created_at`). */
  commit_date: string | null;
  created_at: string;
  finished_at: string | null;
  /** Set when the point was measured by a history run (that run's id). */
  history_parent_id: number | null;
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
  duplicated_lines_pct: number | null;
}

export interface Series<P> {
  ref: string;
  points: P[];
}

export interface TrendResponse {
  /** The `ref` asked for, or null for every series. */
  ref: string | null;
  series: Series<TrendPoint>[];
}

/** Where a point of a file or function trend comes from. */
export interface PointRun {
  id: number;
  commit_sha: string;
  commit_date: string | null;
  created_at: string;
}

export interface FileTrendPoint extends PointRun {
  /** The file's path at that commit (an older name across a rename). */
  path: string;
  loc: number | null;
  sloc: number | null;
  functions: number | null;
  cc_total: number | null;
  cc_avg: number | null;
  cc_max: number | null;
  mi: number | null;
}

export interface FileTrendResponse {
  path: string;
  ref: string | null;
  series: Series<FileTrendPoint>[];
}

export interface FunctionTrendPoint extends PointRun {
  path: string;
  lineno: number;
  endline: number;
  complexity: number;
  cognitive: number;
  nloc: number;
  params: number;
}

export interface FunctionTrendResponse {
  path: string;
  class_name: string;
  name: string;
  ref: string | null;
  series: Series<FunctionTrendPoint>[];
}
