import { getAnalysis } from '../analyses/analyses-service.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { AGE_BUCKETS } from './code-age.js';
import { COUPLING_PARAMS } from './coupling.js';

export interface HistoryState {
  available: boolean;
  reason: 'shallow_clone' | 'history_disabled' | null;
  commits_read: number;
}

async function doneRun(ctx: AppContext, id: number) {
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done')
    throw errors.analysis_not_done(
      `analysis ${id} is ${row.status}: its history insights exist once it is done`,
    );
  return row;
}

// Skeleton: the stored insights are read in a later commit.
async function historyState(ctx: AppContext, id: number): Promise<HistoryState> {
  await doneRun(ctx, id);
  return { available: false, reason: 'history_disabled', commits_read: 0 };
}

export async function hotspots(
  ctx: AppContext,
  id: number,
  q: { by?: 'cc' | 'cognitive'; limit?: number; offset?: number; folder?: string },
) {
  const history = await historyState(ctx, id);
  return { history, by: q.by ?? 'cc', total: 0, items: [], folders: [] };
}

export async function coupling(
  ctx: AppContext,
  id: number,
  _q: { limit?: number; offset?: number; path?: string },
) {
  const history = await historyState(ctx, id);
  return { history, total: 0, params: COUPLING_PARAMS, items: [] };
}

export async function knowledge(ctx: AppContext, id: number) {
  const history = await historyState(ctx, id);
  return { history, bus_factor: 0, authors_total: 0, authors: [], files: [], folders: [], at_risk: [] };
}

export async function codeAge(ctx: AppContext, id: number) {
  const history = await historyState(ctx, id);
  return { history, files: [], distribution: AGE_BUCKETS.map((b) => ({ label: b.label, files: 0 })) };
}
