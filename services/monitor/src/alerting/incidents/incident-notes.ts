import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { Principal } from '../../identity/auth/principal.js';
import { audited } from '../../platform/audit/audit.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { iso } from '../../platform/http/schemas.js';
import { type IncidentNoteRow, incidentNotesRepo } from '../../store/repos/incident-notes-repo.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface NotesDeps {
  db: Kysely<MonitorDB>;
  bus: Pick<EventBus, 'publish'>;
}

/** The API shape of an incident note. */
export function toNoteView(n: IncidentNoteRow) {
  return {
    id: n.id,
    incident_id: n.incident_id,
    author: n.author_name,
    text: n.text,
    created_at: iso(n.created_at),
  };
}

async function requireIncident(db: Db, id: number) {
  if (!(await incidentsRepo.byId(db, id))) throw errors.not_found(`Incident ${id} does not exist.`);
}

/** An incident's notes, oldest first. */
export async function listNotes(ctx: NotesDeps, incidentId: number) {
  await requireIncident(ctx.db, incidentId);
  return (await incidentNotesRepo.forIncident(ctx.db, incidentId)).map(toNoteView);
}

/**
 * Adds a note to the incident's internal timeline (open or resolved: notes are how a team
 * records what it tried and learnt). Notes never reach status pages or channels.
 */
export async function addNote(
  ctx: NotesDeps,
  req: FastifyRequest,
  who: Principal,
  incidentId: number,
  text: string,
) {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw errors.validation_failed('text must not be blank.', {
      errors: [{ path: 'text', message: 'must not be blank' }],
    });
  }
  const note = await audited(ctx, req, async (trx) => {
    await requireIncident(trx, incidentId);
    const row = await incidentNotesRepo.insert(trx, {
      incident_id: incidentId,
      author_id: who.userId,
      author_name: who.kind === 'api_key' ? `${who.username}/${who.apiKeyName}` : who.username,
      text: trimmed,
      created_at: Date.now(),
    });
    return [
      toNoteView(row),
      {
        action: 'incident.note',
        resource_type: 'incident',
        resource_id: incidentId,
        detail: { note_id: row.id },
      },
    ];
  });
  ctx.bus.publish('incident.note_added', note);
  return note;
}
