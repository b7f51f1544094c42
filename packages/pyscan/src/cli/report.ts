// The result of one CLI run, shared by every output format.
import type { SummaryRow } from '../summary.js';
import type { FileAnalysis } from '../types.js';
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
  gate: { rules: Rule[]; violations: Violation[]; passed: boolean };
  threads: number;
  seconds: number;
  /** SARIF wants paths relative to the repository (or the current folder), not to `base`. */
  uriOf(relPath: string): string;
}
