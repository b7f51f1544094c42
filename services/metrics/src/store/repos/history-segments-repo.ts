import type { Kysely } from 'kysely';
import { type LruTable, trimToCap } from '../lru-trim.js';
import type { HistorySegmentsTable, MetricsDB } from '../schema.js';

/** A segment as the incremental history pass looks for a base. */
export interface SegmentHead {
  commit_sha: string;
  mailmap: string;
  total: number;
}

/** A stored segment (its payload still compressed). */
export type SegmentRow = Pick<
  HistorySegmentsTable,
  'commit_sha' | 'base_sha' | 'commits' | 'total' | 'payload'
>;

/** SQL of the incremental history's segments (migration 040). */
export const historySegmentsRepo = {
  /** The analysed commits of a repository with a segment, most recently used first. */
  async heads(db: Kysely<MetricsDB>, repoKey: string, limit = 500): Promise<SegmentHead[]> {
    return db
      .selectFrom('history_segments')
      .select(['commit_sha', 'mailmap', 'total'])
      .where('repo_key', '=', repoKey)
      .orderBy('last_used_at', 'desc')
      .limit(limit)
      .execute();
  },

  async get(
    db: Kysely<MetricsDB>,
    repoKey: string,
    sha: string,
    mailmap: string,
  ): Promise<SegmentRow | null> {
    const row = await db
      .selectFrom('history_segments')
      .select(['commit_sha', 'base_sha', 'commits', 'total', 'payload'])
      .where('repo_key', '=', repoKey)
      .where('commit_sha', '=', sha)
      .where('mailmap', '=', mailmap)
      .executeTakeFirst();
    return row ?? null;
  },

  /** Marks the segments of a chain as used now (the pruner takes the least recently used first). */
  async touch(
    db: Kysely<MetricsDB>,
    repoKey: string,
    shas: string[],
    mailmap: string,
    now: number,
  ): Promise<void> {
    for (let i = 0; i < shas.length; i += 500) {
      await db
        .updateTable('history_segments')
        .set({ last_used_at: now })
        .where('repo_key', '=', repoKey)
        .where('mailmap', '=', mailmap)
        .where('commit_sha', 'in', shas.slice(i, i + 500))
        .execute();
    }
  },

  /**
   * Stores a segment, replacing one of the same commit: a new pass over a commit is always whole
   * (a full pass replaces a segment whose chain was pruned; two runs of one commit store the same).
   */
  async put(
    db: Kysely<MetricsDB>,
    repoKey: string,
    mailmap: string,
    seg: Omit<SegmentRow, 'payload'> & { payload: Buffer },
    now: number,
  ): Promise<void> {
    const row = { ...seg, bytes: seg.payload.length, last_used_at: now };
    await db
      .insertInto('history_segments')
      .values({ repo_key: repoKey, mailmap, ...row })
      .onConflict((oc) => oc.columns(['repo_key', 'commit_sha', 'mailmap']).doUpdateSet(row))
      .execute();
  },

  /**
   * Keeps the segments under `capBytes`, least recently used first. A segment whose base was pruned
   * is useless (its chain is broken) and is taken first; a later pass over it walks in full again.
   */
  prune(db: Kysely<MetricsDB>, capBytes: number): Promise<number> {
    const table: LruTable<{ repo_key: string; commit_sha: string; mailmap: string; bytes: number }> = {
      totalBytes: async () =>
        Number(
          (
            await db
              .selectFrom('history_segments')
              .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        ),
      oldest: (limit) =>
        db
          .selectFrom('history_segments')
          .select(['repo_key', 'commit_sha', 'mailmap', 'bytes'])
          .orderBy('last_used_at')
          .limit(limit)
          .execute(),
      remove: async (rows) => {
        for (const r of rows)
          await db
            .deleteFrom('history_segments')
            .where('repo_key', '=', r.repo_key)
            .where('commit_sha', '=', r.commit_sha)
            .where('mailmap', '=', r.mailmap)
            .execute();
      },
    };
    return trimToCap(table, capBytes, 100);
  },
};
