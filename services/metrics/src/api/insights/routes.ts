import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { codeAge, coupling, hotspots, knowledge } from '../../insights/insights-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import {
  CodeAgeResponse,
  CouplingQuery,
  CouplingResponse,
  HotspotsQuery,
  HotspotsResponse,
  KnowledgeResponse,
} from './schema.js';

const tags = ['history insights'];

/** Where to act, from the git history of a finished run: hotspots, change coupling, knowledge, code age. */
export function insightsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/hotspots',
      {
        schema: {
          tags,
          summary: 'Files ranked by change frequency × complexity, with folder roll-ups',
          params: IdParams,
          querystring: HotspotsQuery,
          response: { 200: HotspotsResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => hotspots(ctx, req.params.id, req.query),
    );
    app.get(
      '/api/analyses/:id/coupling',
      {
        schema: {
          tags,
          summary: 'Pairs of files that change in the same commits, strongest first',
          params: IdParams,
          querystring: CouplingQuery,
          response: { 200: CouplingResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => coupling(ctx, req.params.id, req.query),
    );
    app.get(
      '/api/analyses/:id/knowledge',
      {
        schema: {
          tags,
          summary: 'Main authors, bus factor and files at risk',
          params: IdParams,
          response: { 200: KnowledgeResponse, ...problems(404, 409) },
        },
      },
      async (req) => knowledge(ctx, req.params.id),
    );
    app.get(
      '/api/analyses/:id/code-age',
      {
        schema: {
          tags,
          summary: 'Months since each file last changed, and their distribution',
          params: IdParams,
          response: { 200: CodeAgeResponse, ...problems(404, 409) },
        },
      },
      async (req) => codeAge(ctx, req.params.id),
    );
  };
}
