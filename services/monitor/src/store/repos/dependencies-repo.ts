import type { Db } from '../schema.js';

/** SQL for monitor dependencies (`monitor_dependencies`, `incident_affected`). */
export const dependenciesRepo = {
  /** Parents of each of `ids` (monitors without any are absent). */
  parentsOf: async (db: Db, ids: number[]) => {
    const out = new Map<number, number[]>();
    if (ids.length === 0) return out;
    const rows = await db
      .selectFrom('monitor_dependencies')
      .select(['monitor_id', 'depends_on_id'])
      .where('monitor_id', 'in', ids)
      .orderBy('depends_on_id')
      .execute();
    for (const r of rows) out.set(r.monitor_id, [...(out.get(r.monitor_id) ?? []), r.depends_on_id]);
    return out;
  },
  /** Every edge (dependant → parent): the cycle check walks them. */
  allEdges: (db: Db) =>
    db.selectFrom('monitor_dependencies').select(['monitor_id', 'depends_on_id']).execute(),
  /** Replaces a monitor's parents, in the table and in the monitor row's copy the engine reads. */
  setFor: async (db: Db, monitorId: number, parents: number[]) => {
    await db.deleteFrom('monitor_dependencies').where('monitor_id', '=', monitorId).execute();
    if (parents.length > 0) {
      await db
        .insertInto('monitor_dependencies')
        .values(parents.map((p) => ({ monitor_id: monitorId, depends_on_id: p })))
        .execute();
    }
    await db
      .updateTable('monitors')
      .set({ depends_on: parents.length > 0 ? JSON.stringify(parents) : null })
      .where('id', '=', monitorId)
      .execute();
  },
  /** Direct dependants of the given parents, with the state the incident rules need. */
  dependantsOf: (db: Db, parentIds: number[]) =>
    parentIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('monitor_dependencies as d')
          .innerJoin('monitors as m', 'm.id', 'd.monitor_id')
          .select([
            'd.depends_on_id as parent_id',
            'm.id',
            'm.name',
            'm.paused',
            'm.current_status',
            'm.consecutive_failures',
          ])
          .where('d.depends_on_id', 'in', parentIds)
          .execute(),
  /** The engine's view of parents scheduled by other instances. */
  states: (db: Db, ids: number[]) =>
    db
      .selectFrom('monitors')
      .select(['id', 'current_status', 'consecutive_failures', 'last_checked_at'])
      .where('id', 'in', ids)
      .execute(),
  /** Asks the instance that schedules these monitors for a check now (it polls check_requested_at). */
  requestCheck: (db: Db, ids: number[], at: number) =>
    db
      .updateTable('monitors')
      .set({ check_requested_at: at })
      .where('id', 'in', ids)
      .where('paused', '=', 0)
      .where('monitor_type', '!=', 'heartbeat')
      .execute(),
  /** Lists dependants on an incident (a dependant already listed is left as it is). */
  addAffected: async (db: Db, incidentId: number, monitorIds: number[], at: number) => {
    if (monitorIds.length === 0) return;
    await db
      .insertInto('incident_affected')
      .values(monitorIds.map((id) => ({ incident_id: incidentId, monitor_id: id, added_at: at })))
      .onConflict((oc) => oc.columns(['incident_id', 'monitor_id']).doNothing())
      .execute();
  },
  /** The dependants listed on each of the given incidents, in the order they were added. */
  affectedOf: async (db: Db, incidentIds: number[]) => {
    const out = new Map<number, { id: number; name: string }[]>();
    if (incidentIds.length === 0) return out;
    const rows = await db
      .selectFrom('incident_affected as a')
      .innerJoin('monitors as m', 'm.id', 'a.monitor_id')
      .select(['a.incident_id', 'm.id', 'm.name'])
      .where('a.incident_id', 'in', incidentIds)
      .orderBy('a.added_at')
      .orderBy('m.id')
      .execute();
    for (const r of rows)
      out.set(r.incident_id, [...(out.get(r.incident_id) ?? []), { id: r.id, name: r.name }]);
    return out;
  },
};
