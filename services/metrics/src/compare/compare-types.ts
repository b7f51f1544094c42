// Shapes of the compare and new-code answers, shared by the service and the web UI (no imports, so
// the UI's compiler reads this file as it is).

/** One side of a comparison. */
export interface RunRef {
  id: number;
  commit_sha: string | null;
  /** ISO 8601; null for runs from before commit dates were recorded. */
  commit_date: string | null;
  ref: string | null;
  created_at: string;
}

export type ChangeKind = 'added' | 'removed' | 'worse' | 'better' | 'unchanged';

/** The file metrics a comparison reports and their deltas (head − base). */
export const FILE_DELTA_KEYS = [
  'cc_total',
  'cc_avg',
  'cc_max',
  'mi',
  'loc',
  'sloc',
  'functions',
  'pylint_score',
] as const;
export type FileDeltaKey = (typeof FILE_DELTA_KEYS)[number];

/** The function metrics a comparison reports: `cc` is the cyclomatic complexity, `sloc` its nloc. */
export const FUNCTION_DELTA_KEYS = ['cc', 'cognitive', 'sloc'] as const;
export type FunctionDeltaKey = (typeof FUNCTION_DELTA_KEYS)[number];

/** The summary numbers the KPI cards show, compared. */
export const SUMMARY_DELTA_KEYS = [
  'files',
  'classes',
  'functions',
  'loc',
  'sloc',
  'cc_avg',
  'cc_max',
  'mi_avg',
  'pylint_avg',
  'parse_errors',
  'duplicated_lines_pct',
] as const;
export type SummaryDeltaKey = (typeof SUMMARY_DELTA_KEYS)[number];

export type Values<K extends string> = Partial<Record<K, number | null>>;

export interface FileChange {
  path: string;
  /** The base's path of a renamed file; null otherwise. */
  old_path: string | null;
  change: ChangeKind;
  base: Values<FileDeltaKey> | null;
  head: Values<FileDeltaKey> | null;
  /** head − base, only for metrics both sides have. */
  deltas: Values<FileDeltaKey>;
  magnitude: number;
}

export interface FunctionChange {
  path: string;
  class_name: string;
  name: string;
  /** The base's name of a function renamed with an unchanged body; null otherwise. */
  old_name: string | null;
  change: ChangeKind;
  base: Values<FunctionDeltaKey> | null;
  head: Values<FunctionDeltaKey> | null;
  deltas: Values<FunctionDeltaKey>;
  magnitude: number;
}

export type ChangeCounts = Record<ChangeKind, number>;

export interface CompareResponse {
  base: RunRef;
  head: RunRef;
  summary: Partial<
    Record<SummaryDeltaKey, { base: number | null; head: number | null; delta: number | null }>
  >;
  counts: { files: ChangeCounts; functions: ChangeCounts };
  files: FileChange[];
  functions: FunctionChange[];
  /** Whether rows were left out: unchanged ones (unless asked for) or those past `limit`. */
  truncated: { files: boolean; functions: boolean };
}

export type NewCodeKind = 'added' | 'changed';

export interface NewCodeFile {
  path: string;
  old_path: string | null;
  change: NewCodeKind;
}

export interface NewCodeFunction {
  path: string;
  class_name: string;
  name: string;
  old_name: string | null;
  lineno: number;
  endline: number;
  complexity: number;
  cognitive: number;
  change: NewCodeKind;
}

export interface NewCodeResponse {
  base: RunRef;
  head: RunRef;
  /** `content`: compared by the stored source text; `metrics`: a side had no stored text, so by its numbers and line spans. */
  basis: 'content' | 'metrics' | 'mixed';
  files: NewCodeFile[];
  functions: NewCodeFunction[];
}
