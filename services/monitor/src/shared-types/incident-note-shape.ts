// A note on an incident's internal timeline as GET /api/incidents/{id}/notes answers it.
import { type Static, Type } from 'typebox';
import { IsoDateTime } from './schema-parts.js';

export const IncidentNote = Type.Object({
  id: Type.Integer(),
  incident_id: Type.Integer(),
  author: Type.String({ description: 'Username (user/key name for an API key)' }),
  text: Type.String(),
  created_at: IsoDateTime,
});

export type IncidentNote = Static<typeof IncidentNote>;
