import type { CodeHealthParts } from './code-health/index.js';
// Row shapes; property names are the CSV column names of the metrics contract.

/** One file's metrics (pylint and git-history columns are filled by the service, not here). */
export interface FileMetrics {
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
  parse_error: string | null;
}

/** One class's metrics. */
export interface ClassMetrics {
  path: string;
  name: string;
  lineno: number;
  endline: number;
  methods: number;
  complexity: number;
  real_complexity: number;
  rank: string;
}

/** One function's, method's or closure's metrics. */
export interface FunctionMetrics {
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

/** Everything pyscan measures in one file. */
export interface FileAnalysis {
  file: FileMetrics;
  classes: ClassMetrics[];
  functions: FunctionMetrics[];
  /**
   * Code health's per-file parts (code-health/), made from the analysis's own tokens when the caller
   * asks for them (`analyzeFile(…, { codeHealth: true })`); absent otherwise.
   */
  code_health?: CodeHealthParts;
}
