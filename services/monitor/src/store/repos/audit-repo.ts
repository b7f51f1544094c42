import type { Insertable, Selectable } from 'kysely';
import type { AuditLogTable, Db } from '../schema.js';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  actor_type?: string | undefined;
  actor_id?: number | undefined;
  action?: string | undefined;
  resource_type?: string | undefined;
  resource_id?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before_id?: number | undefined;
  limit: number;
}

/** SQL for the append-only audit log: no update or delete exists here by design. */
export const auditRepo = {
  insert: (db: Db, row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row).execute(),
  list: (db: Db, f: AuditFilter) => {
    let q = db.selectFrom('audit_log').selectAll();
    if (f.actor_type) q = q.where('actor_type', '=', f.actor_type as AuditRow['actor_type']);
    if (f.actor_id !== undefined) q = q.where('actor_id', '=', f.actor_id);
    if (f.action) {
      // `monitor.` selects a family of actions, `monitor.update` one action.
      q = f.action.endsWith('.')
        ? q.where('action', 'like', `${f.action}%`)
        : q.where('action', '=', f.action);
    }
    if (f.resource_type) q = q.where('resource_type', '=', f.resource_type);
    if (f.resource_id) q = q.where('resource_id', '=', f.resource_id);
    if (f.from !== undefined) q = q.where('at', '>=', f.from);
    if (f.to !== undefined) q = q.where('at', '<=', f.to);
    if (f.before_id !== undefined) q = q.where('id', '<', f.before_id);
    return q.orderBy('id', 'desc').limit(f.limit).execute();
  },
};
