// The result of one CLI run, shared by every output format.
import type { SummaryRow } from '../summary.js';
import type { FileAnalysis } from '../types.js';
import type { CodeHealth } from './code-health.js';
import type { CoverageSection } from './coverage-join.js';
import type { HealthSection } from './health.js';
import type { FileDelta } from './new-code-deltas.js';
import type { Rule, Violation } from './thresholds.js';

export interface Report {
  tool: { name: 'pyscan'; version: string; homepage: string | null };
  /** Absolute folder the rows' paths are relative to. */
  base: string;
  files: FileAnalysis[];
  summary: SummaryRow;
  settings: {
    fail_on: string[];
    exclude: string[];
    include_tests: boolean;
    config_file: string | null;
  };
  diff: { ref: string; changed_only: boolean; changed_files: string[] } | null;
  /** Typing, docstrings, import cycles and contracts (docs/code-health.md). */
  codeHealth: CodeHealth;
  /** --coverage: the report joined to the files and functions; null without it. */
  coverage: CoverageSection | null;
  /** The health score per function, file and repository, with its deductions (docs/code-health.md). */
  health: HealthSection;
  gate: {
    rules: Rule[];
    /** The violations that fail the gate (with --baseline, only those the baseline does not know). */
    violations: Violation[];
    passed: boolean;
    /** With --baseline: the file, how many violations it absolved, and whether this run recorded it. */
    baseline: { file: string; known: number; recorded: boolean } | null;
  };
  /** With --diff, for the review formats: each changed file's numbers before and after. */
  deltas: FileDelta[] | null;
  threads: number;
  seconds: number;
  /** SARIF wants paths relative to the repository (or the current folder), not to `base`. */
  uriOf(relPath: string): string;
}
