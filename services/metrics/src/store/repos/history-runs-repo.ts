import type { Kysely } from 'kysely';
import type { ChildResults } from '../../history-runs/child-rows.js';
import type { MetricsDB } from '../schema.js';
import type { AnalysisRow } from './analyses-repo.js';

// Rows per INSERT: as many as stay under ~30,000 bound parameters (both engines allow more).
const batchOf = (columns: number): number => Math.max(1, Math.floor(30_000 / Math.max(1, columns)));

function batches<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const size = batchOf(Object.keys(rows[0]!).length);
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** One commit of a history run, ready to store. */
export interface NewChild {
  commitSha: string;
  commitDate: number;
  refUsed: string;
  settings: Record<string, unknown>;
  startedAt: number;
  now: number;
  results: ChildResults;
}

/** SQL of history runs' per-commit runs (analyses rows with `history_parent_id`). */
export const historyRunsRepo = {
  /**
   * Stores one per-commit run and its rows in one transaction, only while `owner` still holds the
   * running parent (its row is touched first, which also holds it against a concurrent fail or cancel
   * until the child is in): a crash leaves a child whole or absent. Null when the parent is not ours.
   */
  async insertChild(
    db: Kysely<MetricsDB>,
    parent: AnalysisRow,
    owner: string,
    c: NewChild,
  ): Promise<number | null> {
    return db.transaction().execute(async (tx) => {
      const held = await tx
        .updateTable('analyses')
        .set({ heartbeat_at: c.now })
        .where('id', '=', parent.id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return null;
      const child = await tx
        .insertInto('analyses')
        .values({
          repo_url: parent.repo_url,
          owner: parent.owner,
          repo: parent.repo,
          branch: parent.branch,
          ref: parent.ref,
          status: 'done',
          stage: 'done',
          stage_times: JSON.stringify([{ stage: 'done', at: c.now }]),
          progress_done: c.results.files.length,
          progress_total: c.results.files.length,
          commit_sha: c.commitSha,
          commit_date: c.commitDate,
          history_parent_id: parent.id,
          ref_used: c.refUsed,
          warnings: '[]',
          settings: JSON.stringify(c.settings),
          summary: JSON.stringify(c.results.summary),
          created_at: c.now,
          started_at: c.startedAt,
          finished_at: c.now,
          attempts: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(child.id);
      const r = c.results;
      for (const b of batches(r.files.map((x) => ({ ...x, analysis_id: id }))))
        await tx.insertInto('file_metrics').values(b).execute();
      for (const b of batches(r.classes.map((x) => ({ ...x, analysis_id: id }))))
        await tx.insertInto('class_metrics').values(b).execute();
      for (const b of batches(r.functions.map((x) => ({ ...x, analysis_id: id }))))
        await tx.insertInto('function_metrics').values(b).execute();
      await tx
        .insertInto('summaries')
        .values({ ...r.summaryRow, analysis_id: id })
        .execute();
      return id;
    });
  },

  /** The per-commit runs a history run already stored (a run resumed after a graceful stop keeps them). */
  async children(
    db: Kysely<MetricsDB>,
    parentId: number,
  ): Promise<{ id: number; commit_sha: string | null }[]> {
    const rows = await db
      .selectFrom('analyses')
      .select(['id', 'commit_sha'])
      .where('history_parent_id', '=', parentId)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), commit_sha: r.commit_sha }));
  },

  /**
   * Deletes the per-commit runs of `parentId` when it ended without finishing (failed or cancelled):
   * a history run's commits are all there or none are. Their rows go by cascade.
   */
  async dropChildrenOfUnfinished(db: Kysely<MetricsDB>, parentId: number): Promise<number> {
    const parent = await db
      .selectFrom('analyses')
      .select('status')
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (parent && parent.status !== 'failed' && parent.status !== 'cancelled') return 0;
    const res = await db.deleteFrom('analyses').where('history_parent_id', '=', parentId).executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};
