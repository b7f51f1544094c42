// The run's code-health CSVs (issue 35), in its ZIP and stored with it: health.csv (the score and
// its deductions per repository, file and function), code-health.csv (typing and docstrings per
// file), imports.csv (the import graph's edges) and coverage.csv (per file and function, once a
// report is uploaded; headers only before). A run without code health has headers only.
import type { CodeHealth, HealthSection } from '@app/pyscan';
import { IMPORT_EDGE_COLUMNS, importEdgeRows } from '../../pipeline/code-health/code-health-service.js';
import type { RunCoverage } from '../../pipeline/coverage/coverage-service.js';
import { HEALTH_COLUMNS, healthCsvRows } from '../../pipeline/health/health-service.js';

export const CODE_HEALTH_FILES = {
  health: 'health.csv',
  typing: 'code-health.csv',
  imports: 'imports.csv',
  coverage: 'coverage.csv',
} as const;

export const TYPING_COLUMNS = [
  'path',
  'typed_slots',
  'typed_annotated',
  'typed_pct',
  'doc_items',
  'doc_documented',
  'doc_pct',
] as const;

export const COVERAGE_COLUMNS = [
  'scope',
  'path',
  'class',
  'name',
  'lineno',
  'lines',
  'covered',
  'missed',
  'line_pct',
  'branches',
  'branches_covered',
  'branch_pct',
  'risk',
] as const;

type Csv = [file: string, columns: readonly string[], rows: object[]];

function coverageRows(c: RunCoverage | null): object[] {
  if (c === null) return [];
  return [
    ...c.files.map((f) => ({ scope: 'file', ...f })),
    ...c.functions.map(({ class: cls, ...f }) => ({ scope: 'function', class: cls, ...f })),
  ];
}

/** The four CSVs as [file, columns, rows]. */
export function codeHealthCsvs(
  health: HealthSection,
  ch: CodeHealth | null,
  coverage: RunCoverage | null,
): Csv[] {
  return [
    [CODE_HEALTH_FILES.health, HEALTH_COLUMNS, healthCsvRows(health)],
    [CODE_HEALTH_FILES.typing, TYPING_COLUMNS, ch?.files ?? []],
    [CODE_HEALTH_FILES.imports, IMPORT_EDGE_COLUMNS, ch ? importEdgeRows(ch) : []],
    [CODE_HEALTH_FILES.coverage, COVERAGE_COLUMNS, coverageRows(coverage)],
  ];
}
