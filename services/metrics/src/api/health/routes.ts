import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { getRunHealth, healthCsv } from '../../pipeline/health/health-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { HealthQuery, HealthResponse } from '../../shared-types/health-shape.js';
import { runReads } from '../run-reads.js';

/** A finished run's health score per function, file and repository, with the deductions. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reads = runReads(ctx);
  return async (app) => {
    app.get(
      '/api/analyses/:id/health',
      {
        schema: {
          tags: ['code health'],
          summary: 'Health score (1-10) per function, file and repository with itemised deductions',
          params: IdParams,
          querystring: HealthQuery,
          response: { 200: HealthResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => getRunHealth(reads, req.params.id, req.query.path),
    );
    app.get(
      '/api/analyses/:id/health.csv',
      {
        schema: {
          tags: ['code health'],
          summary: 'The health scores as CSV: the repository, each file, each function, with deductions',
          params: IdParams,
          produces: ['text/csv'],
          response: { ...problems(404, 409, 422) },
        },
      },
      async (req, reply) => reply.type('text/csv; charset=utf-8').send(await healthCsv(reads, req.params.id)),
    );
  };
}
