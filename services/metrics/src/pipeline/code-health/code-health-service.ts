import { type CodeHealth, toCsv } from '@app/pyscan';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { codeHealthRepo } from '../../store/repos/code-health-repo.js';
import type { RunReads } from '../run-reads.js';

/** imports.csv's columns: one row per edge of the import graph. */
export const IMPORT_EDGE_COLUMNS = ['from', 'to', 'line', 'count', 'via'] as const;

/** A finished run's code health; 404 unknown run or none measured (runs from before it), 409 not done. */
export async function getCodeHealth(ctx: RunReads, id: number): Promise<CodeHealth> {
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: its code health exists once it is done`);
  }
  const payload = await codeHealthRepo.get(ctx.db, id);
  if (payload === null) {
    throw errors.code_health_missing(
      `analysis ${id} has no code health (it ran before code health was measured)`,
    );
  }
  return JSON.parse(payload) as CodeHealth;
}

/** The run's import edges as CSV (`via`: the package a re-export was followed through). */
export async function importEdgesCsv(ctx: RunReads, id: number): Promise<string> {
  return toCsv(IMPORT_EDGE_COLUMNS, importEdgeRows(await getCodeHealth(ctx, id)));
}

/** The edges in (from, to) order. */
export const importEdgeRows = (h: CodeHealth) =>
  [...h.imports.edges].sort((a, b) =>
    a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0,
  );
