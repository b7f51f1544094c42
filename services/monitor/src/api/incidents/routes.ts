import { nextLink, parseTimeRange } from '@app/kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/authenticate.js';
import type { AppContext } from '../../context.js';
import { IdParams, problems } from '../../http/schemas.js';
import { toIncidentView } from '../../incidents/incident-view.js';
import { acknowledgeIncident, getIncident } from '../../incidents/incidents-service.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import { Incident, IncidentsQuery } from './schema.js';

const tags = ['incidents'];
const security = [{ bearer: [] }];
const MAX_LIMIT = 1000;

/** Incidents: list with filters, one, acknowledge. */
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
        schema: { tags, security, params: IdParams, response: { 200: Incident, ...problems(401, 404, 422) } },
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
          response: { 200: Incident, ...problems(401, 403, 404, 409, 422) },
        },
      },
      (req) => acknowledgeIncident(ctx, req, principalOf(req), req.params.id),
    );
  };
}
