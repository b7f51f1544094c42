import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

// Keys per IN list or insert: well under both engines' bound-parameter limits.
const CHUNK = 500;

/** SQL of per-commit runs stored by reference: their manifests and the contents they pin. */
export const manifestsRepo = {
  /** Pins contents for history run `parentId` (the cache's pruning skips them while it exists). */
  async pin(db: Kysely<MetricsDB>, parentId: number, oids: string[], version: string): Promise<void> {
    for (let i = 0; i < oids.length; i += CHUNK) {
      await db
        .insertInto('history_contents')
        .values(
          oids
            .slice(i, i + CHUNK)
            .map((blob_id) => ({ parent_id: parentId, blob_id, pyscan_version: version })),
        )
        .onConflict((oc) => oc.columns(['parent_id', 'blob_id', 'pyscan_version']).doNothing())
        .execute();
    }
  },

  /** Unpins what a history run that ended without finishing pinned. */
  async unpin(db: Kysely<MetricsDB>, parentId: number): Promise<void> {
    await db.deleteFrom('history_contents').where('parent_id', '=', parentId).execute();
  },

  /** The manifests of those of `ids` whose rows are not written yet. */
  async many(db: Kysely<MetricsDB>, ids: number[]) {
    const out: { analysis_id: number; pyscan_version: string; files: Buffer }[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await db
        .selectFrom('commit_manifests')
        .select(['analysis_id', 'pyscan_version', 'files'])
        .where('analysis_id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      out.push(...rows.map((r) => ({ ...r, analysis_id: Number(r.analysis_id) })));
    }
    return out;
  },

  /**
   * Takes run `id`'s manifest away inside the transaction that writes its rows: 1 when this
   * transaction has it, 0 when another one wrote the rows first (PostgreSQL makes a concurrent
   * delete wait for the first to commit, then find nothing).
   */
  async claim(tx: Kysely<MetricsDB>, id: number): Promise<number> {
    const res = await tx.deleteFrom('commit_manifests').where('analysis_id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};
