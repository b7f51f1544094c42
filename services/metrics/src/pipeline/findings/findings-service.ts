import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { findingsRepo } from '../../store/repos/findings-repo.js';
import type { RunReads } from '../run-reads.js';
import { isEnvironmentSymbol } from './environment-findings.js';
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
  environment?: boolean;
}

async function doneRun(ctx: RunReads, id: number): Promise<void> {
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
export async function listFindings(ctx: RunReads, id: number, p: FindingParams): Promise<FindingPage> {
  await doneRun(ctx, id);
  const limit = p.limit ?? 50;
  const offset = p.offset ?? 0;
  const { rows, total } = await findingsRepo.page(ctx.db, filterOf(id, p), limit, offset);
  return {
    items: rows.map(markEnvironment),
    total,
    limit,
    offset,
    next_offset: offset + rows.length < total ? offset + rows.length : null,
  };
}

/** The findings counted per rule under the same filters, most frequent first. */
export async function findingRules(
  ctx: RunReads,
  id: number,
  p: FindingParams,
): Promise<{ items: RuleCount[]; total: number }> {
  await doneRun(ctx, id);
  const items = (await findingsRepo.rules(ctx.db, filterOf(id, p))).map(markEnvironment);
  return { items, total: items.reduce((n, r) => n + r.count, 0) };
}

/**
 * A stored finding or rule as the API gives it: `environment: true` on the ones that come from the
 * analysis environment rather than the code, `severity` and `confidence` on bandit's; pylint's
 * ordinary findings keep their original shape (the fields are absent, not null or false).
 */
export function markEnvironment<
  T extends { symbol: string; severity?: string | null; confidence?: string | null },
>(f: T): T {
  const { severity, confidence, ...rest } = f;
  const out = { ...rest } as T;
  if (severity != null) Object.assign(out, { severity, confidence: confidence ?? null });
  if (isEnvironmentSymbol(f.symbol)) Object.assign(out, { environment: true });
  return out;
}
