import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { ensureRows } from '../../history-runs/lazy-rows.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { isoOrNull } from '../../platform/http/schemas.js';
import type { RunRef } from '../../shared-types/compare-types.js';
import type { AnalysisRow } from '../../store/repos/analyses-repo.js';
import type { MetricsDB } from '../../store/schema.js';

/** The branch, tag or commit a run stands for: the requested ref, else the branch, else what was checked out. */
export const refOf = (a: Pick<AnalysisRow, 'ref' | 'branch' | 'ref_used'>) => a.ref ?? a.branch ?? a.ref_used;

export const runRef = (a: AnalysisRow): RunRef => ({
  id: Number(a.id),
  commit_sha: a.commit_sha,
  commit_date: isoOrNull(a.commit_date === null ? null : Number(a.commit_date)),
  ref: refOf(a),
  created_at: new Date(Number(a.created_at)).toISOString(),
});

/** A finished run, or 404 / 409. */
export async function doneRun(deps: { db: Kysely<MetricsDB> }, id: number): Promise<AnalysisRow> {
  const a = await getAnalysis(deps, id);
  if (a.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${a.status}: it can be compared once it is done`);
  }
  await ensureRows(deps, a);
  return a;
}

/** Two finished runs of one repository; `field` names the second in a 422. */
export async function runPair(
  deps: { db: Kysely<MetricsDB> },
  baseId: number,
  headId: number,
  field: string,
) {
  const base = await getAnalysis(deps, baseId);
  const head = await getAnalysis(deps, headId);
  if (base.repo_url !== head.repo_url) {
    const message = `must be a run of ${base.repo_url}, not of ${head.repo_url}`;
    throw errors.validation_failed(`${field} ${message}.`, { errors: [{ path: field, message }] });
  }
  for (const a of [base, head]) {
    if (a.status !== 'done') {
      throw errors.analysis_not_done(`analysis ${a.id} is ${a.status}: it can be compared once it is done`);
    }
    await ensureRows(deps, a);
  }
  return { base, head };
}
