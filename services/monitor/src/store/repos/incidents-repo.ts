import type { Insertable, Selectable } from 'kysely';
import type { Db, IncidentSeverity, IncidentStatus, IncidentsTable } from '../schema.js';

export type IncidentRow = Selectable<IncidentsTable>;

export interface IncidentFilter {
  monitor_id?: number | undefined;
  status?: IncidentStatus | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before_id?: number | undefined;
  limit: number;
}

/** SQL for incidents. */
export const incidentsRepo = {
  byId: (db: Db, id: number) =>
    db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst(),
  unresolvedFor: (db: Db, monitorIds: number[]) =>
    monitorIds.length === 0
      ? Promise.resolve([] as IncidentRow[])
      : db
          .selectFrom('incidents')
          .selectAll()
          .where('monitor_id', 'in', monitorIds)
          .where('resolved_at', 'is', null)
          .execute(),
  insert: (db: Db, row: Insertable<IncidentsTable>) =>
    db.insertInto('incidents').values(row).returningAll().executeTakeFirstOrThrow(),
  resolve: (db: Db, id: number, at: number) =>
    db
      .updateTable('incidents')
      .set({ status: 'resolved', resolved_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** A degraded (minor) incident whose monitor went down becomes major (issue 14). */
  setSeverity: (db: Db, id: number, severity: IncidentSeverity, rootCause: string | null) =>
    db
      .updateTable('incidents')
      .set({ severity, root_cause: rootCause })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** The locations that saw the monitor down (JSON array of ids, issue 13). */
  setLocations: (db: Db, id: number, locations: string) =>
    db
      .updateTable('incidents')
      .set({ locations })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** Resolves by hand, only while unresolved; undefined when someone (or a check) resolved it first. */
  resolveBy: (db: Db, id: number, at: number, userId: number, name: string, postmortem?: string) =>
    db
      .updateTable('incidents')
      .set({
        status: 'resolved',
        resolved_at: at,
        resolved_by: userId,
        resolved_by_name: name,
        ...(postmortem !== undefined ? { postmortem } : {}),
      })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),
  setPostmortem: (db: Db, id: number, postmortem: string | null) =>
    db.updateTable('incidents').set({ postmortem }).where('id', '=', id).execute(),
  acknowledge: (db: Db, id: number, userId: number, name: string, at: number) =>
    db
      .updateTable('incidents')
      .set({
        status: 'acknowledged',
        acknowledged_by: userId,
        acknowledged_by_name: name,
        acknowledged_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute(),
  markAlerted: (db: Db, id: number, at: number, reminders: number) =>
    db
      .updateTable('incidents')
      .set({ last_alert_at: at, reminders_sent: reminders })
      .where('id', '=', id)
      .execute(),
  /** Unresolved incidents whose monitor asks for reminders, with what a reminder needs. */
  reminderCandidates: (db: Db) =>
    db
      .selectFrom('incidents')
      .innerJoin('monitors', 'monitors.id', 'incidents.monitor_id')
      .selectAll('incidents')
      .select([
        'monitors.reminder_interval_minutes as interval_minutes',
        'monitors.name as monitor_name',
        'monitors.url as monitor_url',
      ])
      .where('incidents.resolved_at', 'is', null)
      .where('monitors.reminder_interval_minutes', 'is not', null)
      .where('monitors.paused', '=', 0)
      .execute(),
  list: (db: Db, f: IncidentFilter) => {
    let q = db.selectFrom('incidents').selectAll();
    if (f.monitor_id !== undefined) q = q.where('monitor_id', '=', f.monitor_id);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.from !== undefined) q = q.where('started_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('started_at', '<=', f.to);
    if (f.before_id !== undefined) q = q.where('id', '<', f.before_id);
    return q.orderBy('id', 'desc').limit(f.limit).execute();
  },
};
