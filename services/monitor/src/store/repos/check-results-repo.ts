import type { Insertable, Selectable } from 'kysely';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { CheckResultsTable, Db } from '../schema.js';

export type CheckResultRow = Selectable<CheckResultsTable>;
export type NewCheckResult = Insertable<CheckResultsTable>;

export interface CheckResultFilter {
  monitor_id?: number | undefined;
  /** Where the check ran: `local` matches the rows without a location. */
  location_id?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Page cursor: rows strictly older than this (checked_at, id). */
  before?: { checked_at: number; id: number } | undefined;
  limit: number;
}

// Keeps each INSERT well under SQLite's bound-parameter limit.
const CHUNK = 500;

/** SQL for check results: append in batches, read newest first. */
export const checkResultsRepo = {
  /** Inserts rows and returns their ids in the same order. */
  insertMany: async (db: Db, rows: NewCheckResult[]): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const out = await db
        .insertInto('check_results')
        .values(chunk)
        .returning(['id', 'monitor_id', 'checked_at', 'location_id'])
        .execute();
      // RETURNING order is not promised by either engine: match rows back by (monitor, location,
      // time); two locations may check a monitor at the same millisecond.
      const key = (r: { monitor_id: number; checked_at: number; location_id?: string | null }) =>
        `${r.monitor_id}:${r.location_id ?? ''}:${r.checked_at}`;
      const byKey = new Map(out.map((r) => [key(r), r.id]));
      for (const r of chunk) ids.push(byKey.get(key(r)) ?? 0);
    }
    return ids;
  },
  list: (db: Db, f: CheckResultFilter) => {
    let q = db.selectFrom('check_results').selectAll();
    if (f.monitor_id !== undefined) q = q.where('monitor_id', '=', f.monitor_id);
    const at = f.location_id;
    if (at !== undefined) {
      q =
        at === LOCAL_LOCATION_ID
          ? q.where((e) => e.or([e('location_id', 'is', null), e('location_id', '=', at)]))
          : q.where('location_id', '=', at);
    }
    if (f.from !== undefined) q = q.where('checked_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('checked_at', '<=', f.to);
    const b = f.before;
    if (b) {
      q = q.where((e) =>
        e.or([
          e('checked_at', '<', b.checked_at),
          e.and([e('checked_at', '=', b.checked_at), e('id', '<', b.id)]),
        ]),
      );
    }
    return q.orderBy('checked_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  },
  /** One result's details (issue 32: the journeys' steps and evidence file names), or undefined. */
  detailsOf: (db: Db, id: number) =>
    db
      .selectFrom('check_results')
      .select(['id', 'monitor_id', 'details'])
      .where('id', '=', id)
      .executeTakeFirst(),
  removeForMonitor: (db: Db, monitorId: number) =>
    db.deleteFrom('check_results').where('monitor_id', '=', monitorId).execute(),
};
