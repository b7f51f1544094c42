import { getAnalysis } from '../analyses/analyses-service.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { ensureRows } from '../history-runs/lazy-rows.js';
import { isoOrNull } from '../http/schemas.js';
import type { AnalysisRow } from '../store/repos/analyses-repo.js';
import type { RunRef } from './compare-types.js';

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
export async function doneRun(ctx: AppContext, id: number): Promise<AnalysisRow> {
  const a = await getAnalysis(ctx, id);
  if (a.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${a.status}: it can be compared once it is done`);
  }
  await ensureRows(ctx, a);
  return a;
}

/** Two finished runs of one repository; `field` names the second in a 422. */
export async function runPair(ctx: AppContext, baseId: number, headId: number, field: string) {
  const base = await getAnalysis(ctx, baseId);
  const head = await getAnalysis(ctx, headId);
  if (base.repo_url !== head.repo_url) {
    const message = `must be a run of ${base.repo_url}, not of ${head.repo_url}`;
    throw errors.validation_failed(`${field} ${message}.`, { errors: [{ path: field, message }] });
  }
  for (const a of [base, head]) {
    if (a.status !== 'done') {
      throw errors.analysis_not_done(`analysis ${a.id} is ${a.status}: it can be compared once it is done`);
    }
    await ensureRows(ctx, a);
  }
  return { base, head };
}
