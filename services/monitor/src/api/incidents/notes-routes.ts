import { MULTILINE } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { addNote, listNotes } from '../../alerting/incidents/incident-notes.js';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { IncidentNote } from '../../shared-types/incident-note-shape.js';

const tags = ['incidents'];
const security = [{ bearer: [] }];

const NoteBody = Type.Object(
  { text: Type.String({ maxLength: 5000, description: 'Not blank; may span lines', [MULTILINE]: true }) },
  { additionalProperties: false },
);

/** The internal notes timeline of an incident (who, when, what). */
export function incidentNotesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/incidents/:id/notes',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          description: 'Notes, oldest first. Internal: never shown on status pages.',
          params: IdParams,
          response: { 200: Type.Array(IncidentNote), ...problems(401, 404, 422) },
        },
      },
      (req) => listNotes(ctx, req.params.id),
    );
    app.post(
      '/api/incidents/:id/notes',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          params: IdParams,
          body: NoteBody,
          response: { 201: IncidentNote, ...problems(400, 401, 403, 404, 422) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await addNote(ctx, req, principalOf(req), req.params.id, req.body.text)),
    );
  };
}
