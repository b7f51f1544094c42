// The size cap of a cache table: rows go least recently used first until the rest fits. Each table
// says how to read its total, its oldest rows and how to delete some; the accounting is here once.

export interface LruTable<Row extends { bytes: number }> {
  totalBytes(): Promise<number>;
  /** The `limit` least recently used rows, oldest first. */
  oldest(limit: number): Promise<Row[]>;
  remove(rows: Row[]): Promise<void>;
}

/** Deletes rows, oldest use first, until at most `capBytes` remain; returns how many went. */
export async function trimToCap<Row extends { bytes: number }>(
  table: LruTable<Row>,
  capBytes: number,
  chunk: number,
): Promise<number> {
  let excess = (await table.totalBytes()) - capBytes;
  let removed = 0;
  while (excess > 0) {
    const rows = await table.oldest(chunk);
    if (rows.length === 0) break;
    const victims: Row[] = [];
    for (const r of rows) {
      if (excess <= 0) break;
      victims.push(r);
      excess -= r.bytes;
    }
    await table.remove(victims);
    removed += victims.length;
  }
  return removed;
}
