import type { Insertable, Selectable } from 'kysely';
import type { Db, IncidentNotesTable } from '../schema.js';

export type IncidentNoteRow = Selectable<IncidentNotesTable>;

/** SQL for the internal notes of incidents. */
export const incidentNotesRepo = {
  insert: (db: Db, row: Insertable<IncidentNotesTable>) =>
    db.insertInto('incident_notes').values(row).returningAll().executeTakeFirstOrThrow(),
  /** One incident's notes, oldest first. */
  forIncident: (db: Db, incidentId: number) =>
    db
      .selectFrom('incident_notes')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
};
