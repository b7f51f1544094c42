import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { getCodeHealth, importEdgesCsv } from '../../pipeline/code-health/code-health-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { CodeHealthResponse } from '../../shared-types/code-health-shape.js';
import { runReads } from '../run-reads.js';

const tags = ['code health'];

/** A finished run's typing, docstrings, import graph, cycles and contracts; the edges as CSV. */
export function codeHealthRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reads = runReads(ctx);
  return async (app) => {
    app.get(
      '/api/analyses/:id/code-health',
      {
        schema: {
          tags,
          summary: 'Typing and docstring shares, the import graph, its cycles and the import contracts',
          params: IdParams,
          response: { 200: CodeHealthResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => getCodeHealth(reads, req.params.id),
    );
    app.get(
      '/api/analyses/:id/imports.csv',
      {
        schema: {
          tags,
          summary: 'The import graph as CSV: one row per edge (from, to, first line, statements, via)',
          params: IdParams,
          produces: ['text/csv'],
          response: { ...problems(404, 409, 422) },
        },
      },
      async (req, reply) =>
        reply.type('text/csv; charset=utf-8').send(await importEdgesCsv(reads, req.params.id)),
    );
  };
}
