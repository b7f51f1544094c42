import { nextLink, parseTimeRange } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { toIncidentView } from '../../alerting/incidents/incident-view.js';
import {
  acknowledgeIncident,
  addIncidentUpdate,
  getIncident,
  resolveIncident,
  setPostmortem,
} from '../../alerting/incidents/incidents-service.js';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../identity/auth/authenticate.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import {
  Incident,
  IncidentDetail,
  IncidentsQuery,
  IncidentUpdateBody,
  PostmortemBody,
  ResolveBody,
} from './schema.js';

const tags = ['incidents'];
const security = [{ bearer: [] }];
const MAX_LIMIT = 1000;

/** Incidents: list with filters, one with its timeline, acknowledge, updates, resolve, postmortem. */
export function incidentsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/incidents',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          querystring: IncidentsQuery,
          response: { 200: Type.Array(Incident), ...problems(401, 422) },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const limit = Math.min(q.limit ?? 100, MAX_LIMIT);
        const { from, to } = parseTimeRange(q.from, q.to);
        const rows = await incidentsRepo.list(ctx.db, { ...q, from, to, limit });
        if (rows.length === limit) {
          reply.header(
            'link',
            nextLink('/api/incidents', q, { limit, before_id: rows[rows.length - 1]!.id }),
          );
        }
        const now = Date.now();
        return rows.map((r) => toIncidentView(r, now));
      },
    );
    app.get(
      '/api/incidents/:id',
      {
        config: { auth: { role: 'viewer' } },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: IncidentDetail, ...problems(401, 404, 422) },
        },
      },
      (req) => getIncident(ctx, req.params.id),
    );
    app.post(
      '/api/incidents/:id/acknowledge',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: IncidentDetail, ...problems(401, 403, 404, 409, 422) },
        },
      },
      (req) => acknowledgeIncident(ctx, req, principalOf(req), req.params.id),
    );
    app.post(
      '/api/incidents/:id/updates',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          description:
            'Adds an entry to the public timeline. Status `resolved` on an unresolved incident resolves it.',
          params: IdParams,
          body: IncidentUpdateBody,
          response: { 201: IncidentDetail, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await addIncidentUpdate(ctx, req, principalOf(req), req.params.id, req.body)),
    );
    app.post(
      '/api/incidents/:id/resolve',
      {
        config: { auth: { role: 'admin' } },
        // No body at all means "resolve, with the default message".
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: {
          tags,
          security,
          description:
            'Resolves by hand, recording who did it and a `resolved` timeline entry. The body may be left out.',
          params: IdParams,
          body: ResolveBody,
          response: { 200: IncidentDetail, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      (req) => resolveIncident(ctx, req, principalOf(req), req.params.id, req.body),
    );
    app.put(
      '/api/incidents/:id/postmortem',
      {
        config: { auth: { role: 'admin' } },
        schema: {
          tags,
          security,
          params: IdParams,
          body: PostmortemBody,
          response: { 200: IncidentDetail, ...problems(400, 401, 403, 404, 422) },
        },
      },
      (req) => setPostmortem(ctx, req, req.params.id, req.body.postmortem),
    );
  };
}
