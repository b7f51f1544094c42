import type { ExpressionBuilder, Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

// Keys per IN list: well under both engines' bound-parameter limits.
const CHUNK = 500;

function chunks<T>(xs: T[], n = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

export interface BlobEntry {
  blob_id: string;
  payload: Buffer;
}

/** One cache entry as the pruner sees it. */
interface AgedEntry {
  table: 'blob_metrics' | 'pylint_cache';
  key: string[];
  bytes: number;
  last_used_at: number;
}

/** A cached content no history run pins (see migration 009). */
const unpinned = (eb: ExpressionBuilder<MetricsDB, 'blob_metrics'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('history_contents as h')
        .select('h.blob_id')
        .whereRef('h.blob_id', '=', 'blob_metrics.blob_id')
        .whereRef('h.pyscan_version', '=', 'blob_metrics.pyscan_version'),
    ),
  );

/** SQL of the content cache (blob_metrics, pylint_cache). */
export const cacheRepo = {
  /** The cached payloads of `ids` for `version`; found ones get `last_used_at = now`. */
  async getBlobs(db: Kysely<MetricsDB>, ids: string[], version: string, now: number): Promise<BlobEntry[]> {
    const found: BlobEntry[] = [];
    for (const part of chunks(ids)) {
      const rows = await db
        .selectFrom('blob_metrics')
        .select(['blob_id', 'payload'])
        .where('pyscan_version', '=', version)
        .where('blob_id', 'in', part)
        .execute();
      if (rows.length === 0) continue;
      found.push(...rows);
      await db
        .updateTable('blob_metrics')
        .set({ last_used_at: now })
        .where('pyscan_version', '=', version)
        .where(
          'blob_id',
          'in',
          rows.map((r) => r.blob_id),
        )
        .execute();
    }
    return found;
  },

  /** Stores new entries; one another run stored meanwhile is kept (same key, same content). */
  async putBlobs(db: Kysely<MetricsDB>, entries: BlobEntry[], version: string, now: number): Promise<void> {
    for (const part of chunks(entries, 200)) {
      await db
        .insertInto('blob_metrics')
        .values(
          part.map((e) => ({
            blob_id: e.blob_id,
            pyscan_version: version,
            payload: e.payload,
            bytes: e.payload.length,
            last_used_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['blob_id', 'pyscan_version']).doNothing())
        .execute();
    }
  },

  async getPylint(db: Kysely<MetricsDB>, tree: string, version: string, options: string, now: number) {
    const row = await db
      .selectFrom('pylint_cache')
      .select('payload')
      .where('tree_id', '=', tree)
      .where('pylint_version', '=', version)
      .where('options_hash', '=', options)
      .executeTakeFirst();
    if (!row) return null;
    await db
      .updateTable('pylint_cache')
      .set({ last_used_at: now })
      .where('tree_id', '=', tree)
      .where('pylint_version', '=', version)
      .where('options_hash', '=', options)
      .execute();
    return row.payload;
  },

  async putPylint(
    db: Kysely<MetricsDB>,
    key: { tree: string; version: string; options: string },
    payload: Buffer,
    now: number,
  ): Promise<void> {
    await db
      .insertInto('pylint_cache')
      .values({
        tree_id: key.tree,
        pylint_version: key.version,
        options_hash: key.options,
        payload,
        bytes: payload.length,
        last_used_at: now,
      })
      .onConflict((oc) => oc.columns(['tree_id', 'pylint_version', 'options_hash']).doNothing())
      .execute();
  },

  /**
   * Bytes held by both tables, but for contents a history run pins (they are that run's stored
   * results, kept as long as it exists, outside the cap).
   */
  async totalBytes(db: Kysely<MetricsDB>): Promise<number> {
    const blobs = await db
      .selectFrom('blob_metrics')
      .where(unpinned)
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
      .executeTakeFirst();
    const pylint = await db
      .selectFrom('pylint_cache')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
      .executeTakeFirst();
    return Number(blobs?.n ?? 0) + Number(pylint?.n ?? 0);
  },

  /**
   * Deletes least recently used entries (both tables, oldest `last_used_at` first) until at most
   * `capBytes` remain; returns how many entries went.
   */
  async prune(db: Kysely<MetricsDB>, capBytes: number): Promise<number> {
    let excess = (await this.totalBytes(db)) - capBytes;
    let removed = 0;
    while (excess > 0) {
      const blobs = await db
        .selectFrom('blob_metrics')
        .where(unpinned)
        .select(['blob_id', 'pyscan_version', 'bytes', 'last_used_at'])
        .orderBy('last_used_at')
        .limit(CHUNK)
        .execute();
      const pylint = await db
        .selectFrom('pylint_cache')
        .select(['tree_id', 'pylint_version', 'options_hash', 'bytes', 'last_used_at'])
        .orderBy('last_used_at')
        .limit(50)
        .execute();
      const aged: AgedEntry[] = [
        ...blobs.map((b) => ({
          table: 'blob_metrics' as const,
          key: [b.blob_id, b.pyscan_version],
          bytes: b.bytes,
          last_used_at: Number(b.last_used_at),
        })),
        ...pylint.map((p) => ({
          table: 'pylint_cache' as const,
          key: [p.tree_id, p.pylint_version, p.options_hash],
          bytes: p.bytes,
          last_used_at: Number(p.last_used_at),
        })),
      ].sort((a, b) => a.last_used_at - b.last_used_at);
      if (aged.length === 0) break;
      const victims: AgedEntry[] = [];
      for (const e of aged) {
        if (excess <= 0) break;
        victims.push(e);
        excess -= e.bytes;
      }
      await db.transaction().execute(async (tx) => {
        for (const v of victims) {
          if (v.table === 'blob_metrics') {
            await tx
              .deleteFrom('blob_metrics')
              .where('blob_id', '=', v.key[0]!)
              .where('pyscan_version', '=', v.key[1]!)
              .execute();
          } else {
            await tx
              .deleteFrom('pylint_cache')
              .where('tree_id', '=', v.key[0]!)
              .where('pylint_version', '=', v.key[1]!)
              .where('options_hash', '=', v.key[2]!)
              .execute();
          }
        }
      });
      removed += victims.length;
    }
    return removed;
  },
};
