import type { Insertable, Selectable } from 'kysely';
import type { Db, IncidentUpdatesTable } from '../schema.js';

export type IncidentUpdateRow = Selectable<IncidentUpdatesTable>;

/** SQL for the public timeline of incidents. */
export const incidentUpdatesRepo = {
  insert: (db: Db, row: Insertable<IncidentUpdatesTable>) =>
    db.insertInto('incident_updates').values(row).returningAll().executeTakeFirstOrThrow(),
  /** One incident's updates, oldest first (id breaks ties between updates of the same millisecond). */
  forIncident: (db: Db, incidentId: number) =>
    db
      .selectFrom('incident_updates')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
};
