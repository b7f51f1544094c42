// The health score of a run from what it measured (pyscan's health/): the one place that turns the
// run's findings, clones, cycles and coverage into pyscan's evidence, used when a run is made and
// again when coverage is uploaded for it.
import {
  type CodeHealth,
  coverageKey,
  cyclePathsOf,
  type FileAnalysis,
  type HealthSection,
  healthOfRun,
} from '@app/pyscan';
import type { RunCoverage } from '../coverage/coverage-service.js';
import { isEnvironmentSymbol } from '../findings/environment-findings.js';

export interface RunHealthInput {
  analyses: readonly FileAnalysis[];
  /** Pylint's and bandit's findings (`severity`: bandit's; pylint's weigh by category). */
  findings: readonly {
    path: string;
    line: number;
    category: string;
    symbol: string;
    severity?: string | null;
  }[];
  clones: readonly { path: string; start_line: number; end_line: number }[];
  /** The run's import cycles; null when code health was not measured. */
  cycles: CodeHealth['cycles'] | null;
  coverage: RunCoverage | null;
}

/** Scores every function, file and the repository; environment findings never count (docs/code-health.md). */
export function runHealthOf(i: RunHealthInput): HealthSection {
  return healthOfRun(i.analyses, {
    findings: i.findings
      .filter((f) => !isEnvironmentSymbol(f.symbol))
      .map((f) => ({ path: f.path, line: f.line, severity: f.severity ?? f.category })),
    clones: i.clones.map((c) => ({ path: c.path, startLine: c.start_line, endLine: c.end_line })),
    coverage: i.coverage
      ? new Map(i.coverage.functions.map((f) => [coverageKey(f.path, f.lineno, f.name), f]))
      : null,
    cyclePaths: i.cycles
      ? cyclePathsOf(
          i.analyses.map((a) => a.file.path),
          i.cycles,
        )
      : null,
  });
}

/** Percentages in the summary: two decimals. */
export const round2 = (v: number | null | undefined) =>
  typeof v === 'number' ? Math.round(v * 100) / 100 : null;

/** The summary's code-health numbers (named as the gate names them; migration 041). */
export type CodeHealthSummary = {
  coverage: number | null;
  new_coverage: number | null;
  cycles: number | null;
  contracts: number | null;
  typed: number | null;
  documented: number | null;
  security_findings: number | null;
  health: number | null;
};

export const CODE_HEALTH_SUMMARY_COLUMNS = [
  'coverage',
  'new_coverage',
  'cycles',
  'contracts',
  'typed',
  'documented',
  'security_findings',
  'health',
] as const satisfies readonly (keyof CodeHealthSummary)[];

/** The summary's numbers of what a run measured; coverage's are set when a report is uploaded. */
export function codeHealthSummary(
  codeHealth: CodeHealth | null,
  securityFindings: number | null,
  health: HealthSection | null,
  coverage: { line_pct: number | null; new_pct: number | null } | null = null,
): CodeHealthSummary {
  return {
    coverage: round2(coverage?.line_pct),
    new_coverage: round2(coverage?.new_pct),
    cycles: codeHealth ? codeHealth.cycles.length : null,
    contracts: codeHealth?.contracts ? codeHealth.contracts.broken : null,
    typed: round2(codeHealth?.typed_pct),
    documented: round2(codeHealth?.doc_pct),
    security_findings: securityFindings,
    health: health ? health.health : null,
  };
}
