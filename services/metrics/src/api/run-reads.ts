import type { AppContext } from '../context.js';
import { ensureRows } from '../history-runs/lazy-rows.js';
import type { RunReads } from '../pipeline/run-reads.js';

/** The pipeline's read services' port, wired from the context. */
export function runReads(ctx: AppContext): RunReads {
  return {
    db: ctx.db,
    ensureRows: (row) => ensureRows(ctx, row),
  };
}
