import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { type AnalysisRow, analysesRepo } from '../../store/repos/analyses-repo.js';
import type { MetricsDB } from '../../store/schema.js';

// Every layer that serves a run by id (the pipeline's results, the insights, the outputs, intake and
// the routes) answers an unknown id with the same problem, so the lookup sits below them all.

/** One analysis or a 404. */
export async function getAnalysis(deps: { db: Kysely<MetricsDB> }, id: number): Promise<AnalysisRow> {
  const row = await analysesRepo.get(deps.db, id);
  if (!row) throw errors.not_found(`analysis ${id} does not exist`);
  return row;
}
