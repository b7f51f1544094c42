import type { Insertable } from 'kysely';
import type { FindingsTable, SourceFilesTable } from '../../store/schema.js';
import type { BanditOutcome } from '../bandit/run-bandit.js';
import type { Finding } from '../findings/finding.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import { compareFindings } from '../pylint/to-finding.js';
import type { CollectedSource } from '../source/collect-sources.js';

/** A run's findings and stored sources, in CSV shape and in database shape. */
export interface CodeRows {
  findings: Finding[];
  db: { findings: Insertable<FindingsTable>[]; sources: Insertable<SourceFilesTable>[] };
}

/**
 * Flattens pylint's and bandit's per-file findings (in file order, each file's in position order) and
 * joins each source with its statement count.
 */
export function codeRows(
  analysisId: number,
  files: string[],
  pylint: Map<string, PylintFileResult> | null,
  sources: CollectedSource[],
  security: BanditOutcome | null = null,
): CodeRows {
  const findings: Finding[] = files.flatMap((f) => {
    const own = pylint?.get(f)?.findings ?? [];
    const sec = security?.findings.get(f) ?? [];
    return sec.length === 0 ? own : [...own, ...sec].sort(compareFindings);
  });
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
