import type { Kysely } from 'kysely';
import type { AnalysisRow } from '../store/repos/analyses-repo.js';
import { historyRunsRepo } from '../store/repos/history-runs-repo.js';
import type { MetricsDB } from '../store/schema.js';
import { childRows } from './child-rows.js';
import { ManifestReader } from './manifest-reader.js';

/**
 * Writes the file, class and function rows of a per-commit run stored by reference (a manifest), the
 * first time something reads them: a history run stores 100 commits in a fraction of a second this
 * way, and most of its commits are only ever read through their summaries and trends. Normal runs
 * and per-commit runs whose rows are there already cost no query.
 */
export async function ensureRows(
  ctx: { db: Kysely<MetricsDB> },
  row: Pick<AnalysisRow, 'id' | 'history_parent_id' | 'status'>,
) {
  if (row.history_parent_id == null || row.status !== 'done') return;
  const id = Number(row.id);
  const reader = await ManifestReader.load(ctx.db, [id]);
  if (!reader.has(id)) return;
  const rows = childRows(await reader.analyses(id));
  await historyRunsRepo.writeManifestRows(ctx.db, id, rows);
}
