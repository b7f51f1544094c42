import type { Insertable } from 'kysely';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import type { CollectedSource } from '../source/collect-sources.js';
import type { FindingsTable, SourceFilesTable } from '../store/schema.js';
import type { Finding } from './finding.js';

/** A run's findings and stored sources, in CSV shape and in database shape. */
export interface CodeRows {
  findings: Finding[];
  db: { findings: Insertable<FindingsTable>[]; sources: Insertable<SourceFilesTable>[] };
}

/** Flattens pylint's per-file findings (in file order) and joins each source with its statement count. */
export function codeRows(
  analysisId: number,
  files: string[],
  pylint: Map<string, PylintFileResult> | null,
  sources: CollectedSource[],
): CodeRows {
  const findings = pylint ? files.flatMap((f) => pylint.get(f)?.findings ?? []) : [];
  return {
    findings,
    db: {
      findings: findings.map((f) => ({ analysis_id: analysisId, ...f })),
      sources: sources.map((s) => ({
        analysis_id: analysisId,
        ...s,
        pylint_statements: pylint?.get(s.path)?.statements ?? null,
      })),
    },
  };
}
