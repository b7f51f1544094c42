import {
  type CodeHealth,
  type FileAnalysis,
  type HealthSection,
  SUMMARY_COLUMNS,
  type SummaryRow,
  summarize,
} from '@app/pyscan';
import type { ResultRows } from '../../store/repos/results-repo.js';
import type { BanditOutcome } from '../bandit/run-bandit.js';
import { duplicatedPct, type RunDuplication } from '../duplication/detect-duplication.js';
import {
  CODE_HEALTH_SUMMARY_COLUMNS,
  type CodeHealthSummary,
  codeHealthSummary,
  runHealthOf,
} from '../health/run-health.js';
import type { FileHistory } from '../history/git-history.js';
import type { RunInsights } from '../insights/compute-insights.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import type { CollectedSource } from '../source/collect-sources.js';
import { type CodeRows, codeRows } from './code-rows.js';
import { type FileRow, fileRow } from './file-row.js';

/** summary.csv's columns: pyscan's summary plus the run's duplication and code health. */
export const SUMMARY_CSV_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'duplicated_lines',
  'duplicated_lines_pct',
  ...CODE_HEALTH_SUMMARY_COLUMNS,
] as const;
export type RunSummary = SummaryRow &
  CodeHealthSummary & {
    duplicated_lines: number | null;
    duplicated_lines_pct: number | null;
  };

/** Everything a finished run produces, in CSV shape and in database shape. */
export interface RunResults {
  files: FileRow[];
  analyses: FileAnalysis[];
  insights: RunInsights;
  /** Pylint's messages (findings.csv) and the stored sources. */
  code: CodeRows;
  summary: RunSummary;
  clones: RunDuplication | null;
  /** The code-health step's document (null when not measured) and the health score made of it all. */
  codeHealth: CodeHealth | null;
  health: HealthSection;
  db: ResultRows;
}

export interface BuildInput {
  analysisId: number;
  repoUrl: string;
  ref: string;
  commitSha: string;
  analyses: FileAnalysis[];
  pylint: Map<string, PylintFileResult> | null;
  /** bandit's findings (null when off or failed). */
  security?: BanditOutcome | null;
  history: Map<string, FileHistory> | null;
  insights: RunInsights;
  sources: CollectedSource[];
  /** null when clone detection did not run. */
  duplication: RunDuplication | null;
  codeHealth?: CodeHealth | null;
  startedAt: number;
  now: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** Joins pyscan, pylint, history and duplication per file and computes the summary. */
export function buildResults(i: BuildInput): RunResults {
  const files = i.analyses.map((a) =>
    fileRow(
      a.file,
      i.pylint?.get(a.file.path),
      i.history?.get(a.file.path),
      i.insights.files.get(a.file.path),
      i.duplication && !a.file.parse_error ? (i.duplication.files.get(a.file.path) ?? 0) : null,
    ),
  );
  const scores = files.map((f) => f.pylint_score).filter((s): s is number => s !== null);
  const base = summarize(i.analyses, {
    repository: i.repoUrl,
    ref: i.ref,
    commit: i.commitSha,
    pylint_avg: i.pylint && scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
    history_enabled: i.history !== null,
    duration_s: Math.round((i.now - i.startedAt) / 100) / 10,
  });
  const dup = i.duplication?.duplicatedLines ?? null;
  const id = i.analysisId;
  const code = codeRows(
    id,
    files.map((f) => f.path),
    i.pylint,
    i.sources,
    i.security ?? null,
  );
  const codeHealth = i.codeHealth ?? null;
  const health = runHealthOf({
    analyses: i.analyses,
    findings: code.findings,
    clones: i.duplication?.groups.flatMap((g) => g.occurrences) ?? [],
    cycles: codeHealth?.cycles ?? null,
    coverage: null,
  });
  const security = i.security ? code.findings.filter((f) => f.category === 'security').length : null;
  const healthNumbers = codeHealthSummary(codeHealth, security, health);
  const summary: RunSummary = {
    ...base,
    duplicated_lines: dup,
    duplicated_lines_pct: dup === null ? null : duplicatedPct(dup, num(base.loc)),
    ...healthNumbers,
  };
  return {
    files,
    analyses: i.analyses,
    insights: i.insights,
    summary,
    code,
    clones: i.duplication,
    codeHealth,
    health,
    db: {
      code: code.db,
      files: files.map((f) => {
        const x = i.insights.files.get(f.path);
        return {
          analysis_id: id,
          ...f,
          last_changed: x?.last_changed ?? null,
          main_author_name: x?.main_author_name ?? null,
          main_author_email: x?.main_author_email ?? null,
          hotspot_score_cognitive: x?.hotspot_score_cognitive ?? null,
          complexity_sum: x?.complexity_sum ?? null,
          cognitive_sum: x?.cognitive_sum ?? null,
        };
      }),
      classes: i.analyses.flatMap((a) => a.classes.map((c) => ({ analysis_id: id, ...c }))),
      functions: i.analyses.flatMap((a) =>
        a.functions.map(({ class: cls, is_method, ...rest }) => ({
          analysis_id: id,
          ...rest,
          class_name: cls,
          is_method: is_method ? 1 : 0,
        })),
      ),
      insights: i.insights,
      clones: i.duplication?.groups ?? [],
      summary: {
        analysis_id: id,
        repo_url: i.repoUrl,
        commit_sha: i.commitSha,
        files: files.length,
        classes: num(summary.classes) ?? 0,
        functions: num(summary.functions) ?? 0,
        loc: num(summary.loc) ?? 0,
        sloc: num(summary.sloc) ?? 0,
        cc_avg: num(summary.cc_avg),
        cc_max: num(summary.cc_max),
        mi_avg: num(summary.mi_avg),
        pylint_avg: num(summary.pylint_avg),
        parse_errors: num(summary.parse_errors) ?? 0,
        created_at: i.now,
        duplicated_lines: summary.duplicated_lines,
        duplicated_lines_pct: summary.duplicated_lines_pct,
        ...healthNumbers,
      },
    },
  };
}
