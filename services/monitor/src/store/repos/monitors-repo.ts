import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, MonitorStatus, MonitorsTable, StatusReason } from '../schema.js';

export type MonitorRow = Selectable<MonitorsTable>;
export type NewMonitorRow = Insertable<MonitorsTable>;
export type MonitorUpdate = Updateable<MonitorsTable>;

/** Runtime fields the engine writes after checks, one set per monitor. */
export interface MonitorRuntime {
  id: number;
  current_status: MonitorStatus;
  /** `dependency_down` while a parent's outage explains the monitor's; absent: null. */
  status_reason?: StatusReason | null;
  last_checked_at: number;
  last_response_time_ms: number | null;
  last_status_code: number | null;
  consecutive_failures: number;
  /** Successes in a row (towards recovery_count); absent: 0. */
  consecutive_successes?: number;
  last_ping_at: number | null;
  /** Certificate days left when this check read a certificate; null leaves the stored value. */
  last_tls_days_left?: number | null;
}

/** SQL for the monitors table. */
export const monitorsRepo = {
  /** The columns the incident rules read for a batch of results. */
  incidentFacts: (db: Db, ids: number[]) =>
    db
      .selectFrom('monitors')
      .select(['id', 'name', 'url', 'tls_warn_days', 'tls_warned_threshold', 'degraded_response_ms'])
      .where('id', 'in', ids)
      .execute(),
  /** The certificate-warning threshold last given (null: none since the certificate was renewed). */
  setTlsWarnedThreshold: (db: Db, id: number, threshold: number | null) =>
    db.updateTable('monitors').set({ tls_warned_threshold: threshold }).where('id', '=', id).execute(),
  byId: (db: Db, id: number) => db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst(),
  byIds: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('monitors').selectAll().where('id', 'in', ids).execute(),
  byToken: (db: Db, token: string) =>
    db.selectFrom('monitors').selectAll().where('heartbeat_token', '=', token).executeTakeFirst(),
  list: (db: Db) => db.selectFrom('monitors').selectAll().orderBy('id').execute(),
  insert: (db: Db, row: NewMonitorRow) =>
    db.insertInto('monitors').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: MonitorUpdate) =>
    db.updateTable('monitors').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom('monitors').where('id', '=', id).executeTakeFirst(),

  /** Monitors of the given shards (id modulo `shardCount`). */
  inShards: (db: Db, shards: number[], shardCount: number) =>
    db.selectFrom('monitors').selectAll().where(sql<number>`id % ${shardCount}`, 'in', shards).execute(),
  /** Ids of the monitors of the given shards: used to notice deletions made by other instances. */
  idsInShards: async (db: Db, shards: number[], shardCount: number) =>
    (
      await db
        .selectFrom('monitors')
        .select('id')
        .where(sql<number>`id % ${shardCount}`, 'in', shards)
        .execute()
    ).map((r) => r.id),
  /** Monitors whose configuration changed, or which were asked to check now, since `since`. */
  changedSince: (db: Db, since: number) =>
    db
      .selectFrom('monitors')
      .selectAll()
      .where((e) => e.or([e('updated_at', '>', since), e('check_requested_at', '>', since)]))
      .execute(),
  /** Which of `ids` still exist. */
  existing: async (db: Db, ids: number[]) =>
    new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('monitors').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    ),
  /**
   * Writes the engine's runtime fields. A monitor paused meanwhile keeps `paused`: the API's
   * decision wins over a check that was already under way.
   */
  writeRuntime: (db: Db, r: MonitorRuntime) =>
    db
      .updateTable('monitors')
      .set({
        current_status: sql<MonitorStatus>`case when paused = 1 then 'paused' else ${r.current_status} end`,
        last_checked_at: r.last_checked_at,
        last_response_time_ms: r.last_response_time_ms,
        last_status_code: r.last_status_code,
        consecutive_failures: r.consecutive_failures,
        consecutive_successes: r.consecutive_successes ?? 0,
        status_reason: r.status_reason ?? null,
        ...(r.last_ping_at !== null && { last_ping_at: r.last_ping_at }),
        ...(r.last_tls_days_left != null && { last_tls_days_left: r.last_tls_days_left }),
      })
      .where('id', '=', r.id)
      .execute(),
};
