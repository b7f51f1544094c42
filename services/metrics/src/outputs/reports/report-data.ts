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
  /** The saved quality gate's verdict of the run (issue 36); absent when no gate applies. */
  gate?: ReportGate;
  /** Code health (issue 35); absent for runs from before it was measured. */
  codeHealth?: ReportCodeHealth;
}

/** A score with the reasons it is below 10. */
export interface ReportScore {
  health: number;
  deductions: { kind: string; points: number; detail: string }[];
}

/** The code-health section: the summary's numbers, the repository's score and the least healthy functions. */
export interface ReportCodeHealth {
  score: ReportScore;
  numbers: Partial<
    Record<
      'coverage' | 'new_coverage' | 'typed' | 'documented' | 'cycles' | 'contracts' | 'security_findings',
      number | null
    >
  >;
  /** Worst first. */
  leastHealthy: (ReportScore & { path: string; class: string; name: string; lineno: number })[];
}

/** A verdict as the report prints it: each failing condition as `cc>15: 17 (3 items)`. */
export interface ReportGate {
  status: 'passed' | 'failed';
  conditions: string[];
  failures: string[];
}

/** `owner/repo` of a GitHub URL. */
export const repoLabel = (url: string) =>
  url.replace(/^https:\/\/github\.com\//i, '').replace(/(\.git|\/)$/, '');

/** Above radon's rank B (CC 6-10): a function of rank C or worse is hard to test. */
export const WORST_CC_ABOVE = 10;
/** Below radon's MI rank A (20-100): ranks B and C are hard to maintain. */
export const WORST_MI_BELOW = 20;
export const WORST_FILE_RULE = `a function of complexity above ${WORST_CC_ABOVE} (radon rank C or worse) or a maintainability index below ${WORST_MI_BELOW} (radon rank B or C)`;

/**
 * The files that cross a threshold (WORST_FILE_RULE), worst first: highest max complexity, then
 * lowest MI. A simple file is never listed just to fill the table.
 */
export function worstFiles(files: ReportFile[], n: number): ReportFile[] {
  return files
    .filter((f) => (f.cc_max ?? 0) > WORST_CC_ABOVE || (f.mi ?? 100) < WORST_MI_BELOW)
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
