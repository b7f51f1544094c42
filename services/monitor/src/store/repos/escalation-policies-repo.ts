import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, EscalationPoliciesTable } from '../schema.js';

export type EscalationPolicyRow = Selectable<EscalationPoliciesTable>;

/** SQL for escalation policies and what the escalation tick reads. */
export const escalationPoliciesRepo = {
  list: (db: Db) => db.selectFrom('escalation_policies').selectAll().orderBy('name').orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('escalation_policies').selectAll().where('id', '=', id).executeTakeFirst(),
  byName: (db: Db, name: string) =>
    db.selectFrom('escalation_policies').selectAll().where('name', '=', name).executeTakeFirst(),
  insert: (db: Db, row: Insertable<EscalationPoliciesTable>) =>
    db.insertInto('escalation_policies').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<EscalationPoliciesTable>) =>
    db
      .updateTable('escalation_policies')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  /** Deletes a policy; monitors and groups that used it fall back to none. Returns how many did. */
  async remove(db: Db, id: number): Promise<{ monitors: number; groups: number }> {
    const m = await db
      .updateTable('monitors')
      .set({ escalation_policy_id: null })
      .where('escalation_policy_id', '=', id)
      .executeTakeFirst();
    const g = await db
      .updateTable('monitor_groups')
      .set({ escalation_policy_id: null })
      .where('escalation_policy_id', '=', id)
      .executeTakeFirst();
    await db.deleteFrom('escalation_policies').where('id', '=', id).execute();
    return { monitors: Number(m.numUpdatedRows), groups: Number(g.numUpdatedRows) };
  },
  /** How many monitors and groups name each policy. */
  async usage(db: Db): Promise<Map<number, { monitors: number; groups: number }>> {
    const out = new Map<number, { monitors: number; groups: number }>();
    const get = (id: number) => out.get(id) ?? out.set(id, { monitors: 0, groups: 0 }).get(id)!;
    const m = await db
      .selectFrom('monitors')
      .select(['escalation_policy_id as id', db.fn.countAll<number>().as('n')])
      .where('escalation_policy_id', 'is not', null)
      .groupBy('escalation_policy_id')
      .execute();
    for (const r of m) get(Number(r.id)).monitors = Number(r.n);
    const g = await db
      .selectFrom('monitor_groups')
      .select(['escalation_policy_id as id', db.fn.countAll<number>().as('n')])
      .where('escalation_policy_id', 'is not', null)
      .groupBy('escalation_policy_id')
      .execute();
    for (const r of g) get(Number(r.id)).groups = Number(r.n);
    return out;
  },
  /** Every group's parent and policy: the tick walks a monitor's group chain in memory. */
  groupChain: (db: Db) =>
    db.selectFrom('monitor_groups').select(['id', 'parent_id', 'escalation_policy_id']).execute(),
  /**
   * Incidents that may escalate: open (not acknowledged, not resolved) while their monitor is
   * down and not paused, with what an escalation message needs.
   */
  candidates: (db: Db) =>
    db
      .selectFrom('incidents')
      .innerJoin('monitors', 'monitors.id', 'incidents.monitor_id')
      .selectAll('incidents')
      .select([
        'monitors.name as monitor_name',
        'monitors.url as monitor_url',
        'monitors.escalation_policy_id as monitor_policy_id',
        'monitors.group_id as monitor_group_id',
      ])
      .where('incidents.status', '=', 'open')
      .where('incidents.resolved_at', 'is', null)
      .where('monitors.current_status', '=', 'down')
      .where('monitors.paused', '=', 0)
      .execute(),
  /**
   * Moves an incident's escalation counter from `from` to `to` only if nobody did first (another
   * instance's tick, or an acknowledgement): the compare-and-set that sends each step once.
   */
  async advance(db: Db, incidentId: number, from: number, to: number): Promise<boolean> {
    const r = await db
      .updateTable('incidents')
      .set({ escalations_sent: to })
      .where('id', '=', incidentId)
      .where('escalations_sent', '=', from)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
