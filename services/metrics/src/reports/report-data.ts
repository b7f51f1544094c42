// What the PDF report and the share card are rendered from: a finished run's stored results.

/** The summary fields the renderers read (pyscan's summary row names). */
export interface ReportSummary {
  files: number;
  classes: number;
  functions: number;
  loc: number;
  sloc?: number | null;
  parse_errors?: number | null;
  cc_avg: number | null;
  cc_max: number | null;
  mi_avg: number | null;
  pylint_avg: number | null;
  cc_rank_a?: number | null;
  cc_rank_b?: number | null;
  cc_rank_c?: number | null;
  cc_rank_d?: number | null;
  cc_rank_e?: number | null;
  cc_rank_f?: number | null;
  history_enabled?: boolean | null;
}

/** One file as the charts and the worst-files table need it. */
export interface ReportFile {
  path: string;
  loc: number | null;
  cc_total: number | null;
  cc_avg: number | null;
  cc_max: number | null;
  mi: number | null;
  pylint_score: number | null;
  revisions: number | null;
}

/** One of the most complex functions. */
export interface ReportFunction {
  path: string;
  class: string;
  name: string;
  lineno: number;
  complexity: number;
  cognitive: number;
  rank: string;
}

/** The history insights the report shows (issue 17); absent when not loaded. */
export interface ReportInsights {
  available: boolean;
  reason: 'shallow_clone' | 'history_disabled' | null;
  commitsRead: number;
  busFactor: number;
  authorsTotal: number;
  atRisk: number;
  hotspots: { path: string; score: number; revisions: number; complexity: number; churn: number }[];
  pairs: { path_a: string; path_b: string; shared_commits: number; degree: number }[];
}

export interface ReportData {
  id: number;
  repoUrl: string;
  /** The branch, tag or commit analysed (requested or default). */
  ref: string | null;
  commit: string | null;
  /** ISO 8601 time the run finished (or was created). */
  analysedAt: string;
  summary: ReportSummary;
  files: ReportFile[];
  /** The most complex functions, worst first. */
  worstFunctions: ReportFunction[];
  insights?: ReportInsights;
}

/** `owner/repo` of a GitHub URL. */
export const repoLabel = (url: string) =>
  url.replace(/^https:\/\/github\.com\//i, '').replace(/(\.git|\/)$/, '');

/** The files ranked worst first: highest max complexity, then lowest MI. */
export function worstFiles(files: ReportFile[], n: number): ReportFile[] {
  return [...files]
    .sort(
      (a, b) =>
        (b.cc_max ?? -1) - (a.cc_max ?? -1) || (a.mi ?? 101) - (b.mi ?? 101) || a.path.localeCompare(b.path),
    )
    .slice(0, n);
}

const formatters = new Map<number, Intl.NumberFormat>();

/** A number for print: thousands separated, fixed decimals, an en dash when missing. */
export function fmtNum(v: number | null | undefined, digits = 0): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  let f = formatters.get(digits);
  if (!f) {
    // One formatter per precision: building one per call is the expensive part.
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(digits, f);
  }
  return f.format(v);
}
