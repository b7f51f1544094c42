// The one-row summary of an analysis.
import type { SUMMARY_COLUMNS } from './columns.js';
import type { FileAnalysis } from './types.js';

/** The summary row; keys are SUMMARY_COLUMNS. */
export type SummaryRow = Record<(typeof SUMMARY_COLUMNS)[number], string | number | boolean | null>;

/** Facts about the run that the file rows do not carry. */
export interface SummaryExtra {
  repository?: string | null;
  ref?: string | null;
  commit?: string | null;
  /** Mean pylint score over the files pylint scored, or null when pylint did not run. */
  pylint_avg?: number | null;
  history_enabled?: boolean;
  duration_s?: number | null;
}

const LINE_KEYS = ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const;

/**
 * Totals over files: line counts summed, cc_avg/cc_max and cc rank counts over every function row
 * (functions, methods and closures), mi_avg and MI rank counts over the files that have an MI.
 */
export function summarize(files: FileAnalysis[], extra: SummaryExtra = {}): SummaryRow {
  const lines: Record<string, number> = {};
  for (const k of LINE_KEYS) lines[k] = 0;
  const ccRanks: Record<string, number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 };
  const miRanks: Record<string, number> = { A: 0, B: 0, C: 0 };
  let parseErrors = 0;
  let classes = 0;
  let functions = 0;
  let ccSum = 0;
  let ccMax = 0;
  let miSum = 0;
  let miCount = 0;
  for (const fa of files) {
    const f = fa.file;
    if (f.parse_error) parseErrors++;
    for (const k of LINE_KEYS) lines[k] = (lines[k] ?? 0) + (f[k] ?? 0);
    if (f.mi !== null) {
      miSum += f.mi;
      miCount++;
    }
    if (f.mi_rank) miRanks[f.mi_rank] = (miRanks[f.mi_rank] ?? 0) + 1;
    classes += fa.classes.length;
    functions += fa.functions.length;
    for (const fn of fa.functions) {
      ccSum += fn.complexity;
      if (fn.complexity > ccMax) ccMax = fn.complexity;
      ccRanks[fn.rank] = (ccRanks[fn.rank] ?? 0) + 1;
    }
  }
  return {
    repository: extra.repository ?? null,
    ref: extra.ref ?? null,
    commit: extra.commit ?? null,
    files: files.length,
    parse_errors: parseErrors,
    classes,
    functions,
    loc: lines.loc ?? 0,
    lloc: lines.lloc ?? 0,
    sloc: lines.sloc ?? 0,
    comments: lines.comments ?? 0,
    multi: lines.multi ?? 0,
    blank: lines.blank ?? 0,
    single_comments: lines.single_comments ?? 0,
    cc_avg: functions ? ccSum / functions : null,
    cc_max: functions ? ccMax : null,
    mi_avg: miCount ? miSum / miCount : null,
    cc_rank_a: ccRanks.A ?? 0,
    cc_rank_b: ccRanks.B ?? 0,
    cc_rank_c: ccRanks.C ?? 0,
    cc_rank_d: ccRanks.D ?? 0,
    cc_rank_e: ccRanks.E ?? 0,
    cc_rank_f: ccRanks.F ?? 0,
    mi_rank_a: miRanks.A ?? 0,
    mi_rank_b: miRanks.B ?? 0,
    mi_rank_c: miRanks.C ?? 0,
    pylint_avg: extra.pylint_avg ?? null,
    history_enabled: extra.history_enabled ?? false,
    duration_s: extra.duration_s ?? null,
  };
}
