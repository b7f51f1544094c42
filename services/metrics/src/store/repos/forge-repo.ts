import type { Kysely, Selectable } from 'kysely';
import type { ForgeLinksTable, MetricsDB } from '../schema.js';

export type ForgeLinkRow = Selectable<ForgeLinksTable>;

/** SQL of forge webhooks: accepted deliveries, the runs they queued, the comment kept per pull request. */
export const forgeRepo = {
  /** Records a delivery id; false when it was already recorded (a replay). */
  async recordDelivery(db: Kysely<MetricsDB>, id: string, event: string, now: number): Promise<boolean> {
    const r = await db
      .insertInto('forge_deliveries')
      .values({ delivery_id: id, event, received_at: now })
      .onConflict((oc) => oc.column('delivery_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async forgetDelivery(db: Kysely<MetricsDB>, id: string): Promise<void> {
    await db.deleteFrom('forge_deliveries').where('delivery_id', '=', id).execute();
  },

  async link(db: Kysely<MetricsDB>, row: Omit<ForgeLinkRow, 'reported_at'>): Promise<void> {
    await db
      .insertInto('forge_links')
      .values({ ...row, reported_at: null })
      .onConflict((oc) =>
        oc
          .column('analysis_id')
          .doUpdateSet({ head_sha: row.head_sha, pr_number: row.pr_number, reported_at: null }),
      )
      .execute();
  },

  async linkOf(db: Kysely<MetricsDB>, analysisId: number): Promise<ForgeLinkRow | undefined> {
    return db.selectFrom('forge_links').selectAll().where('analysis_id', '=', analysisId).executeTakeFirst();
  },

  async markReported(db: Kysely<MetricsDB>, analysisId: number, now: number): Promise<void> {
    await db
      .updateTable('forge_links')
      .set({ reported_at: now })
      .where('analysis_id', '=', analysisId)
      .execute();
  },

  async commentId(
    db: Kysely<MetricsDB>,
    owner: string,
    repo: string,
    pr: number,
  ): Promise<string | undefined> {
    const r = await db
      .selectFrom('forge_pr_comments')
      .select('comment_id')
      .where('owner', '=', owner)
      .where('repo', '=', repo)
      .where('pr_number', '=', pr)
      .executeTakeFirst();
    return r?.comment_id;
  },

  async saveComment(
    db: Kysely<MetricsDB>,
    owner: string,
    repo: string,
    pr: number,
    id: string,
  ): Promise<void> {
    await db
      .insertInto('forge_pr_comments')
      .values({ owner, repo, pr_number: pr, comment_id: id })
      .onConflict((oc) => oc.columns(['owner', 'repo', 'pr_number']).doUpdateSet({ comment_id: id }))
      .execute();
  },
};
