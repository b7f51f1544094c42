import { getAnalysis } from '../analyses/analyses-service.js';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';
import { findingsRepo } from '../store/repos/findings-repo.js';
import type { Finding } from './finding.js';

/** Query parameters of the findings endpoints. */
export interface FindingParams {
  category?: string | undefined;
  symbol?: string | undefined;
  path?: string | undefined;
  file?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** A page of findings, shaped like the results endpoints' pages. */
export interface FindingPage {
  items: Finding[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

/** One rule's count in a run. */
export interface RuleCount {
  symbol: string;
  message_id: string;
  category: string;
  count: number;
}

async function doneRun(ctx: AppContext, id: number): Promise<void> {
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done') {
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: its findings exist once it is done`);
  }
}

const filterOf = (id: number, p: FindingParams) => ({
  analysisId: id,
  category: p.category,
  symbol: p.symbol,
  pathPrefix: p.path,
  file: p.file,
});

/** One page of a finished run's pylint findings in position order; 404 unknown run, 409 not done. */
export async function listFindings(ctx: AppContext, id: number, p: FindingParams): Promise<FindingPage> {
  await doneRun(ctx, id);
  const limit = p.limit ?? 50;
  const offset = p.offset ?? 0;
  const { rows, total } = await findingsRepo.page(ctx.db, filterOf(id, p), limit, offset);
  return {
    items: rows,
    total,
    limit,
    offset,
    next_offset: offset + rows.length < total ? offset + rows.length : null,
  };
}

/** The findings counted per rule under the same filters, most frequent first. */
export async function findingRules(
  ctx: AppContext,
  id: number,
  p: FindingParams,
): Promise<{ items: RuleCount[]; total: number }> {
  await doneRun(ctx, id);
  const items = await findingsRepo.rules(ctx.db, filterOf(id, p));
  return { items, total: items.reduce((n, r) => n + r.count, 0) };
}
