import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { compareRuns } from '../../insights/compare/compare-service.js';
import { newCode, resolveBase } from '../../insights/new-code/new-code-service.js';
import { IdParams, problems } from '../../platform/http/schemas.js';
import { CompareParams, CompareQuery, CompareResponse, NewCodeQuery, NewCodeResponse } from './schema.js';

const tags = ['compare'];

/** Two runs compared, and a run's new code since a base. */
export function compareRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/analyses/:id/compare/:other_id',
      {
        schema: {
          tags,
          summary: 'Per-file, per-function and summary deltas from run id (base) to run other_id (head)',
          description:
            'Lists sorted by the size of the change. 404 for an unknown run, 409 when one is not done, 422 when they are runs of different repositories.',
          params: CompareParams,
          querystring: CompareQuery,
          response: { 200: CompareResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) =>
        compareRuns(ctx, req.params.id, req.params.other_id, {
          unchanged: req.query.unchanged ?? false,
          limit: req.query.limit ?? 500,
        }),
    );
    app.get(
      '/api/analyses/:id/new-code',
      {
        schema: {
          tags,
          summary: 'The files and functions of a run added or changed since a base run or commit',
          params: IdParams,
          querystring: NewCodeQuery,
          response: { 200: NewCodeResponse, ...problems(404, 409, 422) },
        },
      },
      async (req) => newCode(ctx, req.params.id, await resolveBase(ctx, req.params.id, req.query.base)),
    );
  };
}
