import type { Kysely } from 'kysely';
import { type LruTable, trimToCap } from '../lru-trim.js';
import type { MetricsDB } from '../schema.js';

// Keys per IN list: well under both engines' bound-parameter limits.
const CHUNK = 500;

/** SQL of the per-file pylint cache (migration 045). */
export const pylintFileCacheRepo = {
  /** The payloads of the known `keys`; found ones get `last_used_at = now`. */
  async get(db: Kysely<MetricsDB>, keys: string[], now: number): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (let i = 0; i < keys.length; i += CHUNK) {
      const part = keys.slice(i, i + CHUNK);
      const rows = await db
        .selectFrom('pylint_file_cache')
        .select(['file_key', 'payload'])
        .where('file_key', 'in', part)
        .execute();
      if (rows.length === 0) continue;
      for (const r of rows) found.set(r.file_key, r.payload);
      await db
        .updateTable('pylint_file_cache')
        .set({ last_used_at: now })
        .where(
          'file_key',
          'in',
          rows.map((r) => r.file_key),
        )
        .execute();
    }
    return found;
  },

  /** Stores new entries; one another run stored meanwhile is kept (same key, same result). */
  async put(db: Kysely<MetricsDB>, entries: [string, Buffer][], now: number): Promise<void> {
    for (let i = 0; i < entries.length; i += 200) {
      await db
        .insertInto('pylint_file_cache')
        .values(
          entries
            .slice(i, i + 200)
            .map(([file_key, payload]) => ({ file_key, payload, bytes: payload.length, last_used_at: now })),
        )
        .onConflict((oc) => oc.column('file_key').doNothing())
        .execute();
    }
  },

  /** Keeps the entries under `capBytes` (their own total), least recently used first; returns how many went. */
  prune(db: Kysely<MetricsDB>, capBytes: number): Promise<number> {
    const table: LruTable<{ file_key: string; bytes: number }> = {
      totalBytes: async () =>
        Number(
          (
            await db
              .selectFrom('pylint_file_cache')
              .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        ),
      oldest: (limit) =>
        db
          .selectFrom('pylint_file_cache')
          .select(['file_key', 'bytes'])
          .orderBy('last_used_at')
          .limit(limit)
          .execute(),
      remove: async (rows) => {
        await db
          .deleteFrom('pylint_file_cache')
          .where(
            'file_key',
            'in',
            rows.map((r) => r.file_key),
          )
          .execute();
      },
    };
    return trimToCap(table, capBytes, CHUNK);
  },
};
